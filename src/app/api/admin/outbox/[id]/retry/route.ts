// POST /api/admin/outbox/{id}/retry - queue a message that failed for good once more (admin only).
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { conflict } from "@/lib/errors";
import { retryOutboxMessage } from "@/server/email/outbox";

export const POST = apiRoute({ access: ADMIN, params: idParams() }, async ({ params, user }) => {
  if (!(await retryOutboxMessage(user, params.id))) throw conflict("Only a message that failed can be retried.");
  return { ok: true };
});
