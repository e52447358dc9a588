// PUT|DELETE /api/admin/library/tags/{id} - rename a tag (its slug follows), or delete it.
import { idParams } from "@/lib/validation";
import { permission } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { libraryTagSchema } from "@/features/library/schemas";
import { deleteTag, renameTag } from "@/server/library/taxonomy";

const params = idParams();

export const PUT = apiRoute(
  { access: permission("manage_content"), params, body: libraryTagSchema },
  async ({ user, params, body }) => renameTag(user, params.id, body),
);

export const DELETE = apiRoute({ access: permission("manage_content"), params }, async ({ user, params }) => {
  await deleteTag(user, params.id);
  return { ok: true };
});
