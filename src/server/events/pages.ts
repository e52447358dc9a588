import "server-only";
import { expirePublicPages } from "@/server/cache/public-pages";

/** More changed events than this (a first sync) expire every event page at once, and the proxy refreshes none of them. */
const EVENT_PAGES_REFRESHED_ONE_BY_ONE = 50;

/**
 * The prerendered pages that show events, made fresh on every instance (and in the caching proxy):
 * /events (its past events), each changed event's own page and, with `home`, the home page's Luma events.
 */
export async function expireEventPages(eventIds: number[], { home = false }: { home?: boolean } = {}): Promise<void> {
  const ids = [...new Set(eventIds)];
  const eventPages =
    ids.length > EVENT_PAGES_REFRESHED_ONE_BY_ONE
      ? // Next.js tags each page with its route's layouts: "/(app)/events" is /events and every /events/{id}.
        [{ path: "/(app)/events", type: "layout" as const }]
      : ids.map((id) => `/events/${id}`);
  await expirePublicPages([...(home ? ["/"] : []), "/events", ...eventPages]);
}
