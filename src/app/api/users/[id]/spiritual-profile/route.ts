// GET /api/users/{id}/spiritual-profile - the owner's birth data and reports (nobody else's, not even an admin's).
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { SELF } from "@/lib/auth/access";
import { getSpiritualProfile } from "@/server/spiritual-profile";

export const GET = apiRoute({ access: SELF, params: idParams() }, async ({ user, params }) =>
  getSpiritualProfile(user, params.id),
);
