// PATCH /api/admin/forum/topics/{id} - pin, lock or move a topic; DELETE deletes it with its replies.
import { ADMIN } from "@/lib/auth/access";
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { deleteTopic, moderateTopic } from "@/server/forum";
import { topicModerationSchema } from "@/features/forum/schemas";

export const PATCH = apiRoute(
  { access: ADMIN, params: idParams(), body: topicModerationSchema },
  async ({ user, params, body }) => moderateTopic(user, params.id, body),
);

export const DELETE = apiRoute({ access: ADMIN, params: idParams() }, async ({ user, params }) => {
  await deleteTopic(user, params.id);
  return { deleted: true };
});
