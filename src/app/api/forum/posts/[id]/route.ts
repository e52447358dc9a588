// PATCH /api/forum/posts/{id} - edit her own reply ('(edited)'); DELETE removes it.
import { SIGNED_IN } from "@/lib/auth/access";
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { deleteReply, editReply, ownReply } from "@/server/forum";
import { editReplySchema } from "@/features/forum/schemas";

const authorize = async ({ user, params }: { user: Parameters<typeof ownReply>[1]; params: { id: number } }) =>
  void (await ownReply(params.id, user));

export const PATCH = apiRoute(
  { access: SIGNED_IN, params: idParams(), authorize, body: editReplySchema },
  async ({ user, params, body }) => editReply(params.id, body.content, user),
);

export const DELETE = apiRoute({ access: SIGNED_IN, params: idParams(), authorize }, async ({ user, params }) => {
  await deleteReply(params.id, user);
  return { deleted: true };
});
