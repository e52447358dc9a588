// GET /api/content/tags - every library tag, by name; ?popular=1 the tags most used by published items (the chips above the list).
import { z } from "@/lib/validation";
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { listLibraryTags, listPopularTags } from "@/server/library/queries";

const query = z.object({ popular: z.literal("1").optional() });

export const GET = apiRoute({ access: SIGNED_IN, query }, async ({ query }) =>
  query.popular ? listPopularTags() : listLibraryTags(),
);
