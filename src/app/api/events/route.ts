// GET /api/events - upcoming community (internal) events, by type, soonest first.
import { PUBLIC } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { listUpcomingEvents } from "@/server/events/queries";
import { eventListQuerySchema } from "@/features/events/schemas";

export const GET = apiRoute({ access: PUBLIC, query: eventListQuerySchema }, async ({ query }) =>
  listUpcomingEvents("internal", query),
);
