import "server-only";
import { desc, ne } from "drizzle-orm";
import { db } from "@/db";
import { events } from "@/db/schema";

// Read here rather than through src/server/events so the sitemap does not depend on the listing code.
export async function listSitemapEvents() {
  return db
    .select({ id: events.id, updatedAt: events.updatedAt })
    .from(events)
    .where(ne(events.status, "cancelled"))
    .orderBy(desc(events.startsAt))
    .limit(1000);
}
