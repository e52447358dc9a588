// GET /api/forum/categories - the forum categories the member's tier opens.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { listCategories } from "@/server/forum";

export const GET = apiRoute({ access: SIGNED_IN }, async ({ user }) => listCategories(user));
