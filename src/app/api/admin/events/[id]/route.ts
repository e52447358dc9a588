// PUT /api/admin/events/{id} - edit a community event; PATCH features it; DELETE removes it.
import { z, idParams } from "@/lib/validation";
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { deleteCommunityEvent, setEventFeatured, updateCommunityEvent } from "@/server/events/admin";
import { toPublicEvent } from "@/server/events/queries";
import { eventInputSchema } from "@/features/events/schemas";

export const PUT = apiRoute(
  { access: ADMIN, params: idParams(), body: eventInputSchema },
  async ({ params, body, user }) => toPublicEvent(await updateCommunityEvent(user, params.id, body)),
);

export const PATCH = apiRoute(
  { access: ADMIN, params: idParams(), body: z.object({ featured: z.boolean() }) },
  async ({ params, body, user }) => {
    await setEventFeatured(user, params.id, body.featured);
    return { ok: true };
  },
);

export const DELETE = apiRoute({ access: ADMIN, params: idParams() }, async ({ params, user }) => {
  await deleteCommunityEvent(user, params.id);
  return { ok: true };
});
