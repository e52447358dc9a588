// GET /api/content/items/{id}/tags - the tags of an item.
import { idParams } from "@/lib/validation";
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { assertCanSeeItem } from "@/server/library/access";
import { listItemTags } from "@/server/library/queries";

const params = idParams("item");

export const GET = apiRoute(
  { access: SIGNED_IN, params, authorize: ({ user, params }) => assertCanSeeItem(user, params.item) },
  async ({ params }) => (await listItemTags([params.item])).map(({ id, name, slug }) => ({ id, name, slug })),
);
