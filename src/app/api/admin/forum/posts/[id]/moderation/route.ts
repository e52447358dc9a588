// POST /api/admin/forum/posts/{id}/moderation - restore or remove a reported reply, with a note to its author.
import { ADMIN } from "@/lib/auth/access";
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { moderatePost } from "@/server/forum";
import { moderationDecisionSchema } from "@/features/forum/schemas";

export const POST = apiRoute(
  { access: ADMIN, params: idParams(), body: moderationDecisionSchema },
  async ({ user, params, body }) => moderatePost(user, params.id, body.decision, body.note),
);
