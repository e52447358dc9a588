// DELETE /api/auth/sessions/{id} - ends one of her sessions (another device, or this one).
import { z } from "@/lib/validation";
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { endOwnSession } from "@/server/auth/sessions";

export const DELETE = apiRoute({ access: SIGNED_IN, params: z.object({ id: z.uuid() }) }, async ({ user, params }) => {
  await endOwnSession(user.id, params.id);
  return { ok: true };
});
