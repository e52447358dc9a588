// GET /api/content/items/{id}/related - a few more items of the item's category ("More like this").
import { idSchema, z } from "@/lib/validation";
import { MEMBER } from "@/lib/auth/access";
import { apiRoute } from "@/lib/http/api-route";
import { assertCanSeeItem } from "@/server/library/access";
import { listRelatedItemsOf } from "@/server/library/queries";

const params = z.object({ item: idSchema });

export const GET = apiRoute({ access: MEMBER, params, authorize: ({ user, params }) => assertCanSeeItem(user, params.item) }, async ({ user, params }) => listRelatedItemsOf(user, params.item));
