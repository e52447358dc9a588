// GET /api/users/{id}/profile-screen - everything the profile screen shows its viewer: the member's profile
// (her public fields to others), her upcoming events and, on one's own profile, the partner figures and
// the Billing tab's Stripe key; on another's, the viewer's open mentorship request to her.
import { idSchema, z } from "@/lib/validation";
import { apiRoute } from "@/lib/http/api-route";
import { MEMBER } from "@/lib/auth/access";
import { profileScreen } from "@/server/profiles/screen";

export const GET = apiRoute({ access: MEMBER, params: z.object({ id: idSchema }) }, async ({ user, params }) => profileScreen(user, params.id));
