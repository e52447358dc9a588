// PUT|DELETE /api/admin/blog/{id} - edit, publish or unpublish a post, or delete it (admins only).
import { idParams } from "@/lib/validation";
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { deletePost, updatePost } from "@/server/blog";
import { revalidateBlog } from "@/server/blog/revalidate";
import { blogPostSchema } from "@/features/blog/schemas";

const params = idParams();

export const PUT = apiRoute({ access: ADMIN, params, body: blogPostSchema }, async ({ params, body, user }) => {
  const { post, previousSlug } = await updatePost(user, params.id, body);
  await revalidateBlog(previousSlug, post.slug);
  return post;
});

export const DELETE = apiRoute({ access: ADMIN, params }, async ({ params, user }) => {
  const post = await deletePost(user, params.id);
  await revalidateBlog(post.slug);
  return { ok: true };
});
