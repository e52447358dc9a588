// POST /api/content/items/{id}/view - records her view, once per member, item and day.
import { z, idSchema } from "@/lib/validation";
import { MEMBER } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { recordView } from "@/server/library/views";

export const POST = apiRoute({ access: MEMBER, params: z.object({ item: idSchema }) }, async ({ user, params }) => recordView(user, params.item));
