// GET|POST /api/courses/{slug}/lessons/{lesson}/comments - a lesson's discussion, and her comment under it,
// only when the lesson is open to her (DELETE /api/content/comments/{id} removes one, as for the library's).
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { lessonParams } from "@/features/courses/schemas";
import { commentBodySchema } from "@/features/library/schemas";
import { addLessonComment, listLessonComments } from "@/server/courses/discussion";

export const GET = apiRoute({ access: SIGNED_IN, params: lessonParams }, async ({ user, params }) =>
  listLessonComments(user, params.slug, params.lesson),
);

export const POST = apiRoute(
  { access: SIGNED_IN, params: lessonParams, body: commentBodySchema },
  async ({ user, params, body }) => created(await addLessonComment(user, params.slug, params.lesson, body.comment)),
);
