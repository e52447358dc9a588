import { Pool } from "pg";
import { describeShare, measureAgainstFloor } from "./lib/against-floor";
import { benchDatabaseUrl, type BenchApp } from "./lib/app";
import { benchSignIn } from "./lib/load";
import { SIGNED_IN_FLOOR } from "./pages";

// The figures: her course outline with her progress and a lesson page's call, at 100 courses of 50
// lessons (5,000), 10,000 members and 1,000,000 completed lessons, each against the signed-in floor's
// rate measured in turn with it. The leaderboard's windows and reactions a second, with 1,000,000
// point entries, are the levels bench's (`npm run bench -- levels`).

const COURSES = 100;
const MODULES = 5;
const LESSONS_PER_MODULE = 10;
const MEMBERS = 10_000;
const COMPLETIONS = 1_000_000;
/** A lesson page and the outline: at least this share of the signed-in floor's rate. */
const COURSE_GOAL = 0.4;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function seed(pool: Pool): Promise<void> {
  const stamp = Date.now().toString(36);
  await pool.query(
    `insert into courses (title, slug, summary, status, position)
     select 'Bench course ' || g, 'bench-course-' || $1::text || '-' || g, 'A course of the bench', 'published', 100 + g
     from generate_series(1, $2::int) g`,
    [stamp, COURSES],
  );
  // A sequential first module, the rest open at once: her outline works out each lesson's lock.
  await pool.query(
    `insert into course_modules (course_id, title, position, unlock_rule)
     select c.id, 'Module ' || m, m, case when m = 1 then 'after_previous' else 'immediately' end
     from courses c, generate_series(1, $2::int) m where c.slug like 'bench-course-' || $1::text || '-%'`,
    [stamp, MODULES],
  );
  await pool.query(
    `insert into course_lessons (course_id, module_id, title, slug, content, position)
     select m.course_id, m.id, 'Lesson ' || m.position || '.' || l, 'lesson-' || m.position || '-' || l,
       '<p>' || repeat('A paragraph of the lesson, as an article is written. ', 40) || '</p>', l
     from course_modules m join courses c on c.id = m.course_id, generate_series(1, $2::int) l
     where c.slug like 'bench-course-' || $1::text || '-%'`,
    [stamp, LESSONS_PER_MODULE],
  );
  await pool.query(
    `insert into users (username, email, password_hash, first_name, last_name, membership_level)
     select 'crs_' || g, 'crs_' || g || '@example.com', 'x', 'Course', 'Member ' || g, 'connect'
     from generate_series(1, greatest(0, $1::int - (select count(*)::int from users))) g`,
    [MEMBERS],
  );
  // Every member in four courses, the first half of each done: 100 completions a member.
  const perCourse = COMPLETIONS / MEMBERS / 4;
  await pool.query(
    `with people as (select id, row_number() over (order by id) as n from users),
       bench as (select id, row_number() over (order by id) as n from courses where slug like 'bench-course-' || $1::text || '-%')
     insert into course_enrolments (user_id, course_id, started_at)
     select p.id, b.id, now() - interval '30 days' from people p join bench b on b.n in (1 + p.n % $2::int, 1 + (p.n + 1) % $2::int, 1 + (p.n + 2) % $2::int, 1 + (p.n + 3) % $2::int)
     on conflict do nothing`,
    [stamp, COURSES],
  );
  await pool.query(
    `insert into lesson_completions (user_id, lesson_id, course_id)
     select e.user_id, l.id, l.course_id from course_enrolments e
     join courses c on c.id = e.course_id and c.slug like 'bench-course-' || $1::text || '-%'
     join lateral (select id, course_id from course_lessons where course_id = e.course_id order by module_id, position limit $2::int) l on true
     on conflict do nothing`,
    [stamp, perCourse],
  );
  await pool.query(
    "analyze courses; analyze course_modules; analyze course_lessons; analyze course_enrolments; analyze lesson_completions",
  );
}

export async function benchCourses(app: BenchApp): Promise<string[]> {
  const pool = new Pool({ connectionString: benchDatabaseUrl(app), max: 2 });
  try {
    const started = Date.now();
    await seed(pool);
    const { rows } = await pool.query<{ slug: string; lessons: number; completions: number; members: number }>(
      `select (select c.slug from course_enrolments e join courses c on c.id = e.course_id join users u on u.id = e.user_id
               where u.username = 'member' and c.slug like 'bench-course-%' limit 1) as slug,
         (select count(*)::int from course_lessons) as lessons, (select count(*)::int from lesson_completions) as completions,
         (select count(*)::int from users) as members`,
    );
    const { slug, lessons, completions, members } = rows[0]!;
    // Her next lesson: the sixth of the third module (25 done), open to her.
    const lesson = "lesson-3-6";
    const cookie = await benchSignIn(app.baseUrl, "member");
    const lines = [
      `Courses: seeded to ${lessons.toLocaleString("en-US")} lessons, ${members.toLocaleString("en-US")} members and ${completions.toLocaleString("en-US")} completed lessons in ${seconds(Date.now() - started)}; 20 connections, 6 s each, in 2 s turns with GET ${SIGNED_IN_FLOOR}:`,
    ];
    for (const measured of await measureAgainstFloor({
      baseUrl: app.baseUrl,
      headers: { cookie },
      floorPath: SIGNED_IN_FLOOR,
      paths: [
        { label: "Her courses", path: "/api/courses" },
        { label: "The outline with her progress", path: `/api/courses/${slug}` },
        { label: "A lesson", path: `/api/courses/${slug}/lessons/${lesson}` },
      ],
    }))
      lines.push(`  ${describeShare(measured, "the signed-in floor", COURSE_GOAL)}`);
    return lines;
  } finally {
    await pool.end();
  }
}
