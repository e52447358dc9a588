// GET /api/forum/categories - the forum categories the member's tier opens.
import { MEMBER } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { listCategories } from "@/server/forum";

export const GET = apiRoute({ access: MEMBER }, async ({ user }) => listCategories(user));
