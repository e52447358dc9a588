// GET /api/content/items - the library list: search, category, tag, contentType, membersOnly, limit, offset.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { listLibraryItems } from "@/server/library/queries";
import { libraryFiltersSchema } from "@/features/library/schemas";

export const GET = apiRoute({ access: SIGNED_IN, query: libraryFiltersSchema }, async ({ user, query }) => listLibraryItems(user, query));
