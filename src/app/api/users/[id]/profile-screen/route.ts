// GET /api/users/{id}/profile-screen - everything the profile screen shows its viewer: the member's profile
// (her public fields to others), her upcoming events and, on one's own profile, the partner figures and
// the Billing tab's Stripe key; on another's, the viewer's open mentorship request to her.
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { SIGNED_IN } from "@/lib/auth/access";
import { profileScreen } from "@/server/profiles/screen";

export const GET = apiRoute({ access: SIGNED_IN, params: idParams() }, async ({ user, params }) =>
  profileScreen(user, params.id),
);
