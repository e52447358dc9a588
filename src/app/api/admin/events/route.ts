// POST /api/admin/events - create a community event.
import { ADMIN } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { createCommunityEvent } from "@/server/events/admin";
import { toPublicEvent } from "@/server/events/queries";
import { eventInputSchema } from "@/features/events/schemas";

export const POST = apiRoute({ access: ADMIN, body: eventInputSchema }, async ({ body, user }) =>
  created(toPublicEvent(await createCommunityEvent(user, body))),
);
