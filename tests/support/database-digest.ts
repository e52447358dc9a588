import { sql } from "drizzle-orm";
import { testDb } from "./db";

// What the hostile-input tests check the database with: a digest of every table that no call should
// change (tests/integration/hostile-input.test.ts and hostile-edge.test.ts).

/** Tables that background workers or the mere act of calling change (sessions seen, rate-limit windows). */
export const VOLATILE_TABLES = [
  "rate_limits",
  "sessions",
  "email_outbox",
  "next_cache_entries",
  "next_cache_tags",
  "luma_sync_runs",
  "assistant_passages",
  "places",
  "audit_log",
  // The notification workers write these every minute (emailed_at, pushed_at, reminders, fan-outs of earlier tests' replies, digests).
  "notifications",
  "notification_events",
  "notification_settings",
  "push_subscriptions",
];

/** One digest per table of its whole content, to show that nothing was written. */
export async function databaseDigest(): Promise<Record<string, string>> {
  const tables = await testDb().execute<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const digest: Record<string, string> = {};
  for (const { table_name: table } of tables.rows) {
    if (VOLATILE_TABLES.includes(table) || table.startsWith("__")) continue;
    const [row] = (
      await testDb().execute<{ md5: string | null }>(
        sql`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS md5 FROM ${sql.identifier(table)} t`,
      )
    ).rows;
    digest[table] = row?.md5 ?? "empty";
  }
  return digest;
}
