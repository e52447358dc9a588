// POST /api/forum/topics/{id}/view - counts the member's view (once per topic per hour).
import { SIGNED_IN } from "@/lib/auth/access";
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { recordTopicView } from "@/server/forum";

export const POST = apiRoute({ access: SIGNED_IN, params: idParams() }, async ({ user, params }) =>
  recordTopicView(params.id, user),
);
