// GET /api/events/{id}/ics - one event as an .ics file (add to calendar); a members-only link to join only for her who may see it.
import { PUBLIC } from "@/lib/auth/access";
import { idParams } from "@/lib/validation";
import { notFound } from "@/lib/errors";
import { apiRoute } from "@/server/http/api-route";
import { siteUrl } from "@/lib/http/site-url";
import { eventsToIcs, icsResponse } from "@/server/events/ics";
import { joinLinkFor, joinLinkIsPublic } from "@/server/events/join-link";
import { findEvent } from "@/server/events/queries";
import { getSiteSettings } from "@/server/settings";

export const GET = apiRoute({ access: PUBLIC, params: idParams() }, async ({ params, user }) => {
  const event = await findEvent(params.id);
  if (!event) throw notFound("Event not found.");
  const baseUrl = siteUrl();
  const settings = await getSiteSettings();
  const { url } = await joinLinkFor(event, user);
  const joinUrls = url ? new Map([[event.id, url]]) : undefined;
  const body = eventsToIcs([event], { name: settings.siteName, baseUrl, host: new URL(baseUrl).host, joinUrls });
  return icsResponse(body, `event-${event.id}.ics`, joinLinkIsPublic(event) ? undefined : "private, no-store");
});
