// POST /api/content/items/{id}/view - records her view, once per member, item and day.
import { z, idSchema } from "@/lib/validation";
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { recordView } from "@/server/library/views";

export const POST = apiRoute({ access: SIGNED_IN, params: z.object({ item: idSchema }) }, async ({ user, params }) => recordView(user, params.item));
