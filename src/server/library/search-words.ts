import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";

/**
 * Nightly: drops the words of content_search_words (migration 0031) that no item's search vector holds
 * any more, after edits and deletions, and the second copy of a word two saves added at once. The table
 * otherwise only grows, and each search's expansion reads it. Answers how many rows went.
 */
export async function pruneSearchWords(): Promise<number> {
  return db.transaction(async (tx) => {
    // A save that finds its word still here adds none; were the word removed before that save commits,
    // its item would hold a word the table lacks. The lock waits for saves that have begun adding words
    // and holds new ones until this commits; the delete then sees every item they saved.
    await tx.execute(sql`lock table content_search_words in share row exclusive mode`);
    const removed = await tx.execute(sql`
      with held as (select word from ts_stat('select search_vector from content_items'))
      delete from content_search_words w
      where not exists (select 1 from held where held.word = w.word)
         or exists (select 1 from content_search_words earlier where earlier.word = w.word and earlier.ctid < w.ctid)`);
    return removed.rowCount ?? 0;
  });
}
