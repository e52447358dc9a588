// GET|POST /api/admin/library/tags - tags with their item counts, and create one (manage_content).
import { permission } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { libraryTagSchema } from "@/features/library/schemas";
import { createTag, listEditorTags } from "@/server/library/taxonomy";

export const GET = apiRoute({ access: permission("manage_content") }, async ({ user }) => listEditorTags(user));

export const POST = apiRoute({ access: permission("manage_content"), body: libraryTagSchema }, async ({ user, body }) =>
  created(await createTag(user, body)),
);
