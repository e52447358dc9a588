// DELETE /api/forum/blocks/{userId} - unblock a member.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { unblockMember } from "@/server/forum";
import { userIdParamsSchema } from "@/features/forum/schemas";

export const DELETE = apiRoute({ access: SIGNED_IN, params: userIdParamsSchema }, async ({ user, params }) => unblockMember(params.userId, user));
