// GET /api/content/tags - every library tag, by name.
import { MEMBER } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { listLibraryTags } from "@/server/library/queries";

export const GET = apiRoute({ access: MEMBER }, async () => listLibraryTags());
