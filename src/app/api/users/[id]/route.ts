// GET /api/users/{id} - a member's profile: the public fields to other members, everything but birth data to her and admins.
// PATCH /api/users/{id} - the owner (or an admin) changes profile fields; birth data only the owner.
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { SIGNED_IN, SELF_OR_ADMIN } from "@/lib/auth/access";
import { toCurrentUser } from "@/server/auth/sessions";
import { getProfile, updateProfile } from "@/server/profiles";
import { updateUserSchema } from "@/features/profiles/schemas";
import { saveBirthData } from "@/server/spiritual-profile";

const params = idParams();

export const GET = apiRoute({ access: SIGNED_IN, params }, async ({ user, params }) => getProfile(user, params.id));

export const PATCH = apiRoute(
  { access: SELF_OR_ADMIN, params, body: updateUserSchema },
  async ({ user, params, body }) => {
    if (body.kind === "birth-data")
      return { ...toCurrentUser(user), birthData: await saveBirthData(user, params.id, body.data) };
    return updateProfile(user, params.id, body.data);
  },
);
