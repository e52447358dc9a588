// POST /api/forum/posts/{id}/report - report a reply with a reason (three members' reports hide it).
import { SIGNED_IN } from "@/lib/auth/access";
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { readablePost, reportPost } from "@/server/forum";
import { reportSchema } from "@/features/reports/schemas";

export const POST = apiRoute(
  {
    access: SIGNED_IN,
    params: idParams(),
    authorize: async ({ user, params }) => void (await readablePost(params.id, user)),
    body: reportSchema,
  },
  async ({ user, params, body }) => reportPost(params.id, body.reason, user),
);
