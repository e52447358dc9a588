// GET /api/content/items/{id}/related - a few more items of the item's category ("More like this").
import { idParams } from "@/lib/validation";
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { assertCanSeeItem } from "@/server/library/access";
import { listRelatedItemsOf } from "@/server/library/queries";

export const GET = apiRoute(
  { access: SIGNED_IN, params: idParams("item"), authorize: ({ user, params }) => assertCanSeeItem(user, params.item) },
  async ({ user, params }) => listRelatedItemsOf(user, params.item),
);
