// GET|POST /api/admin/blog - every post including drafts, and create a post (admins only).
import { ADMIN } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { createPost, listAllPosts } from "@/server/blog";
import { revalidateBlog } from "@/server/blog/revalidate";
import { blogPostSchema } from "@/features/blog/schemas";

export const GET = apiRoute({ access: ADMIN }, async ({ user }) => listAllPosts(user));

export const POST = apiRoute({ access: ADMIN, body: blogPostSchema }, async ({ body, user }) => {
  const post = await createPost(user, body);
  await revalidateBlog(post.slug);
  return created(post);
});
