// POST /api/content/items/{id}/view - records her view, once per member, item and day.
import { idParams } from "@/lib/validation";
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { recordView } from "@/server/library/views";

export const POST = apiRoute({ access: SIGNED_IN, params: idParams("item") }, async ({ user, params }) =>
  recordView(user, params.item),
);
