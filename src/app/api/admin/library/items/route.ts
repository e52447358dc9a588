// GET|POST /api/admin/library/items - every item by status (with counts per status), and create one (manage_content).
import { permission } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { createItem, listEditorItems } from "@/server/library/editor";
import { editorListQuerySchema, libraryItemSchema, LIBRARY_ITEM_MAX_BYTES } from "@/features/library/schemas";

export const GET = apiRoute(
  { access: permission("manage_content"), query: editorListQuerySchema },
  async ({ query, user }) => listEditorItems(user, query),
);

export const POST = apiRoute(
  { access: permission("manage_content"), body: libraryItemSchema, maxBodyBytes: LIBRARY_ITEM_MAX_BYTES },
  async ({ user, body }) => created(await createItem(user, body)),
);
