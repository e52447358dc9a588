// GET /api/events/{id}/ics - one event as an .ics file (add to calendar).
import { PUBLIC } from "@/lib/auth/access";
import { notFound } from "@/lib/errors";
import { apiRoute } from "@/lib/http/api-route";
import { siteUrl } from "@/lib/http/site-url";
import { eventsToIcs, icsResponse } from "@/server/events/ics";
import { findEvent } from "@/server/events/queries";
import { eventIdParamsSchema } from "@/server/events/schemas";
import { getSiteSettings } from "@/server/settings";

export const GET = apiRoute({ access: PUBLIC, params: eventIdParamsSchema }, async ({ params }) => {
  const event = await findEvent(params.id);
  if (!event) throw notFound("Event not found.");
  const baseUrl = siteUrl();
  const settings = await getSiteSettings();
  return icsResponse(eventsToIcs([event], { name: settings.siteName, baseUrl, host: new URL(baseUrl).host }), `event-${event.id}.ics`);
});
