import "server-only";
import { db } from "@/db";
import { cookPendingForumPosts } from "@/db/backfill-cooked-posts";

/**
 * Posts written before posts were cooked on write (migration 0025), cooked in the background after a
 * start (the `forum.cook` job), so that an upgrade with a large forum does not hold the start-up lock
 * for minutes; until then the forum cooks such a post when it is read.
 */
export async function cookOlderPosts(): Promise<number> {
  return cookPendingForumPosts(db, (line) => console.log(`[forum] ${line}`));
}
