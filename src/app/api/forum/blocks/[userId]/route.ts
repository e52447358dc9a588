// DELETE /api/forum/blocks/{userId} - unblock a member.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { unblockMember } from "@/server/forum";
import { idParams } from "@/lib/validation";

export const DELETE = apiRoute({ access: SIGNED_IN, params: idParams("userId") }, async ({ user, params }) =>
  unblockMember(params.userId, user),
);
