// GET|PUT|DELETE /api/admin/library/items/{id} - one item for the editor, save it (publish, schedule), delete it (manage_content).
import { idParams } from "@/lib/validation";
import { permission } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { deleteItem, getEditorItem, updateItem } from "@/server/library/editor";
import { libraryItemSchema, LIBRARY_ITEM_MAX_BYTES } from "@/features/library/schemas";

const params = idParams();

export const GET = apiRoute({ access: permission("manage_content"), params }, async ({ params, user }) =>
  getEditorItem(user, params.id),
);

export const PUT = apiRoute(
  { access: permission("manage_content"), params, body: libraryItemSchema, maxBodyBytes: LIBRARY_ITEM_MAX_BYTES },
  async ({ user, params, body }) => updateItem(user, params.id, body),
);

export const DELETE = apiRoute({ access: permission("manage_content"), params }, async ({ user, params }) => {
  await deleteItem(user, params.id);
  return { ok: true };
});
