import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { activeMember, memberOpensLevel, notifyMember, wantsKind } from "@/server/notifications";
import { reachesLevel } from "@/server/levels";

// "A lesson is open" (notification kind lesson_opened, docs/decisions/054-course-discussion-and-admin.md):
// through the one notification pipeline, so her choice for the kind (in the app, email, a digest, off;
// push) is kept as for every other kind. One notice per member and lesson (its dedupe key), only to
// members enrolled in the course who have not finished it.

const dedupeKey = (lessonId: number) => `lesson:${lessonId}:opened`;
const lessonUrl = (courseSlug: string, lessonSlug: string) => `/courses/${courseSlug}/${lessonSlug}`;
const noticeTitle = (lessonTitle: string, courseTitle: string) => `“${lessonTitle}” is open in “${courseTitle}”`;

/**
 * In "Mark complete"'s transaction: the lesson after the one she completed, when it waited for it
 * (after_previous) and she has not completed it already.
 */
export async function noticeNextLessonOpened(
  executor: Executor,
  userId: number,
  course: { title: string; slug: string; requiredMembershipLevel: string | null },
  next: { id: number; title: string; slug: string; unlockRule: string; completed: boolean } | undefined,
): Promise<void> {
  if (!next || next.completed || next.unlockRule !== "after_previous") return;
  await notifyMember(executor, {
    userId,
    kind: "lesson_opened",
    title: noticeTitle(next.title, course.title),
    url: lessonUrl(course.slug, next.slug),
    requiredLevel: course.requiredMembershipLevel,
    dedupeKey: dedupeKey(next.id),
  });
}

/**
 * In "Allow another try"'s transaction: her quiz at the lesson takes attempts again. Each try given is
 * its own notice (no dedupe key), sent as the kind's other notices are, her choice for it kept.
 */
export async function noticeQuizOpenedAgain(executor: Executor, userId: number, lessonId: number): Promise<void> {
  const {
    rows: [lesson],
  } = await executor.execute<{ title: string; slug: string; course_slug: string; level: string | null }>(sql`
    select l.title, l.slug, c.slug as course_slug, c.required_membership_level as level
    from course_lessons l join courses c on c.id = l.course_id where l.id = ${lessonId}`);
  if (!lesson) return;
  await notifyMember(executor, {
    userId,
    kind: "lesson_opened",
    title: `You can take the quiz in “${lesson.title}” again`,
    url: lessonUrl(lesson.course_slug, lesson.slug),
    requiredLevel: lesson.level,
  });
}

/**
 * How far back a run looks for lessons that opened: a run missed while no instance was up is made up
 * within it; the dedupe key makes a second look at the same lesson add nothing.
 */
const LOOK_BACK_HOURS = 48;

/**
 * Job handler (every 10 minutes): each lesson that opened by its date (on_date) or her start
 * (days_after_start) since the last runs (within LOOK_BACK_HOURS), for every member enrolled before it
 * opened who has not finished the course or completed the lesson, whose tier and member level open
 * the course, and who has not turned the kind off. Answers how many notices were made.
 */
export async function sendLessonOpenedNotices(now: Date = new Date()): Promise<number> {
  const result = await db.execute(sql`
    with lessons as (
      select l.id, l.title, l.slug, l.course_id,
        coalesce(l.unlock_rule, m.unlock_rule) as rule,
        case when l.unlock_rule is null then m.unlock_days else l.unlock_days end as days,
        case when l.unlock_rule is null then m.unlock_date else l.unlock_date end as date
      from course_lessons l join course_modules m on m.id = l.module_id
    ),
    opened as (
      select lessons.id, lessons.title, lessons.slug, c.title as course_title, c.slug as course_slug,
        c.required_membership_level as level, c.required_level, e.user_id,
        case when lessons.rule = 'on_date' then lessons.date
             else e.started_at + make_interval(days => coalesce(lessons.days, 0)) end as opens_at, e.started_at
      from lessons
      join courses c on c.id = lessons.course_id and c.status = 'published'
      join course_enrolments e on e.course_id = c.id and e.completed_at is null
      where lessons.rule in ('on_date', 'days_after_start')
    )
    insert into notifications (user_id, kind, title, url, required_level, dedupe_key)
    select u.id, 'lesson_opened', '“' || opened.title || '” is open in “' || opened.course_title || '”',
      '/courses/' || opened.course_slug || '/' || opened.slug, opened.level, 'lesson:' || opened.id || ':opened'
    from opened join users u on u.id = opened.user_id
    where opened.opens_at <= ${now}::timestamptz
      and opened.opens_at > ${now}::timestamptz - make_interval(hours => ${LOOK_BACK_HOURS})
      and opened.opens_at > opened.started_at
      and not exists (select 1 from lesson_completions lc where lc.user_id = u.id and lc.lesson_id = opened.id)
      and ${activeMember("u")} and ${memberOpensLevel("u", sql`opened.level`)}
      and (u.is_admin or ${reachesLevel(sql`u.id`, sql`opened.required_level`)})
      and ${wantsKind(sql`u.id`, "lesson_opened")}
    on conflict (user_id, dedupe_key) do nothing`);
  return result.rowCount ?? 0;
}

export { dedupeKey as lessonOpenedKey, noticeTitle as lessonOpenedTitle, lessonUrl };
