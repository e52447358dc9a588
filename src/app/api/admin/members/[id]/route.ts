// GET /api/admin/members/{id} - a member's admin view; PATCH - change her tier, admin right, permissions or disabled state.
import { idParams } from "@/lib/validation";
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { actorOf } from "@/server/auth/actor";
import { getMemberAdminView, updateMember } from "@/server/admin-members";
import { memberUpdateSchema } from "@/features/admin-members/schemas";

const params = idParams();

export const GET = apiRoute({ access: ADMIN, params }, async ({ params, user }) => getMemberAdminView(user, params.id));

export const PATCH = apiRoute(
  { access: ADMIN, params, body: memberUpdateSchema },
  async ({ request, user, params, body }) => {
    await updateMember(actorOf(user, request.headers), params.id, body);
    return getMemberAdminView(user, params.id);
  },
);
