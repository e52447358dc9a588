// GET /api/events/calendar.ics - webcal feed of the community events.
import { PUBLIC } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { siteUrl } from "@/lib/http/site-url";
import { eventsToIcs, icsResponse } from "@/server/events/ics";
import { feedEvents } from "@/server/events/queries";
import { getSiteSettings } from "@/server/settings";

export const GET = apiRoute({ access: PUBLIC }, async () => {
  const baseUrl = siteUrl();
  const settings = await getSiteSettings();
  const body = eventsToIcs(await feedEvents(), {
    name: `${settings.siteName} Community Events`,
    baseUrl,
    host: new URL(baseUrl).host,
  });
  return icsResponse(body, "community-events.ics");
});
