import { Pool } from "pg";
import { benchDatabaseUrl, type BenchApp } from "./lib/app";
import { benchSignIn, describeLoad, rssOfListener, runLoad } from "./lib/load";

const INTERESTS = [
  "Weaving",
  "Ceramics",
  "Poetry",
  "Dance",
  "Breathwork",
  "Illustration",
  "Zines",
  "Leadership",
  "Travel",
  "Murals",
];

/** Members up to `total`, seeded in one statement: names, places, interests, a mentor in ten. */
export async function seedMembers(pool: Pool, total: number): Promise<void> {
  const { rows } = await pool.query<{ count: number }>("select count(*)::int as count from users");
  const missing = Math.max(0, total - rows[0]!.count);
  await pool.query(
    `insert into users (username, email, password_hash, first_name, last_name, location, occupation, bio, interests, is_mentor, mentor_topics, membership_level, member_since)
     select 'bench_' || g || '_' || $2::text, 'bench_' || g || '_' || $2::text || '@example.com', (select password_hash from users where username = 'member'),
            (array['Ada','Bea','Cleo','Dara','Eve','Fay','Gia','Hana','Ines','Jo'])[1 + g % 10], 'Member ' || g,
            (array['London','Lagos','Lisbon','Oakland','Berlin','Miami','Pune','Lima'])[1 + g % 8], 'Artist', 'A seeded member.',
            array[($1::text[])[1 + g % 10], ($1::text[])[1 + (g / 10) % 10]], g % 10 = 0,
            case when g % 10 = 0 then array['Pricing creative work'] else '{}'::text[] end,
            (array['connect','create','empower','play'])[1 + g % 4], '2024-01-01'
     from generate_series(1, $3::int) g`,
    [INTERESTS, String(total), missing],
  );
  await pool.query("analyze users");
}

/** GET /api/users/{id} and the directory search at 20 connections, with 1,000 and 10,000 members. */
export async function benchProfiles(app: BenchApp): Promise<string[]> {
  const cookie = await benchSignIn(app.baseUrl, "member");
  const pool = new Pool({ connectionString: benchDatabaseUrl(app), max: 2 });
  const lines: string[] = [];
  try {
    for (const total of [1_000, 10_000]) {
      await seedMembers(pool, total);
      const { rows } = await pool.query<{ id: number }>(
        "select id from users where username like 'bench_%' order by id desc limit 1",
      );
      const size = `${total.toLocaleString("en-US")} members`;
      const profile = await runLoad({
        url: `${app.baseUrl}/api/users/${rows[0]!.id}`,
        headers: { cookie },
        connections: 20,
        seconds: 10,
      });
      const search = await runLoad({
        url: `${app.baseUrl}/api/members?q=weav`,
        headers: { cookie },
        connections: 20,
        seconds: 10,
      });
      const mentors = await runLoad({
        url: `${app.baseUrl}/api/members?mentors=1&q=pricing`,
        headers: { cookie },
        connections: 20,
        seconds: 10,
      });
      lines.push(
        describeLoad(`GET /api/users/{id}, ${size} (20 connections, 10 s)`, profile),
        describeLoad(`GET /api/members?q=weav (directory search), ${size} (20 connections, 10 s)`, search),
        describeLoad(`GET /api/members?mentors=1&q=pricing, ${size} (20 connections, 10 s)`, mentors),
      );
    }
  } finally {
    await pool.end();
  }
  lines.push(
    `Server memory (RSS) after the profile load: ${rssOfListener(Number(new URL(app.baseUrl).port)).toFixed(0)} MB`,
  );
  return lines;
}
