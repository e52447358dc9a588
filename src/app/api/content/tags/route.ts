// GET /api/content/tags - every library tag, by name.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { listLibraryTags } from "@/server/library/queries";

export const GET = apiRoute({ access: SIGNED_IN }, async () => listLibraryTags());
