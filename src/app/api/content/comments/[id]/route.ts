// DELETE /api/content/comments/{id} - delete her own comment (an admin may delete any).
import { idParams } from "@/lib/validation";
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { assertCanDeleteComment, deleteComment } from "@/server/library/comments";

const params = idParams();

export const DELETE = apiRoute(
  { access: SIGNED_IN, params, authorize: ({ user, params }) => assertCanDeleteComment(user, params.id) },
  async ({ user, params }) => {
    await deleteComment(user, params.id);
    return { ok: true };
  },
);
