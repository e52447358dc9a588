import { sql } from "drizzle-orm";
import { cookMarkdown } from "@/lib/markdown/cook";
import type { Database } from "./client";

const BATCH = 500;

/**
 * Cooks the forum posts written before posts were cooked on write (migration 0025 added the columns
 * empty): a batch at a time, oldest id first, until none is left. Run by the `forum.cook` job after a
 * start (src/server/forum/cooking.ts); the forum cooks any row not reached yet when it is read, so it is
 * never wrong, only slower meanwhile. Returns how many rows it cooked.
 */
export async function cookPendingForumPosts(db: Database, log: (line: string) => void = () => {}): Promise<number> {
  let cooked = 0;
  for (const table of ["forum_topics", "forum_posts"] as const) {
    for (;;) {
      const { rows } = await db.execute<{ id: number; content: string }>(
        sql`select id, content from ${sql.identifier(table)} where content_html is null order by id limit ${BATCH}`,
      );
      if (rows.length === 0) break;
      const ids = rows.map((row) => row.id);
      const html = rows.map((row) => cookMarkdown(row.content));
      // sql.param: each array goes as one parameter (a PostgreSQL array), not as a list.
      await db.execute(
        sql`update ${sql.identifier(table)} as t set content_html = c.html from unnest(${sql.param(ids)}::int[], ${sql.param(html)}::text[]) as c(id, html) where t.id = c.id and t.content_html is null`,
      );
      cooked += rows.length;
      if (Math.floor(cooked / 50_000) > Math.floor((cooked - rows.length) / 50_000))
        log(`Cooked ${cooked.toLocaleString("en-US")} forum posts...`);
    }
  }
  return cooked;
}
