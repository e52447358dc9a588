// GET /api/content/categories - the library's categories, each saying whether her tier opens it.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { listLibraryCategories } from "@/server/library/queries";

export const GET = apiRoute({ access: SIGNED_IN }, async ({ user }) => listLibraryCategories(user));
