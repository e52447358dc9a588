// GET|PUT|DELETE /api/admin/course-lessons/{id} - a lesson for its editor, save it, delete it (admins).
import { ADMIN } from "@/lib/auth/access";
import { notFound } from "@/lib/errors";
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { COURSE_LESSON_MAX_BYTES } from "@/features/courses/constants";
import { courseLessonSchema } from "@/features/courses/schemas";
import { deleteLesson, getAdminLesson, updateLesson } from "@/server/courses/editor";

const params = idParams();

export const GET = apiRoute({ access: ADMIN, params }, async ({ user, params }) => {
  const lesson = await getAdminLesson(user, params.id);
  if (!lesson) throw notFound("Lesson not found.");
  return lesson;
});

export const PUT = apiRoute(
  { access: ADMIN, params, body: courseLessonSchema, maxBodyBytes: COURSE_LESSON_MAX_BYTES },
  async ({ user, params, body }) => updateLesson(user, params.id, body),
);

export const DELETE = apiRoute({ access: ADMIN, params }, async ({ user, params }) => {
  await deleteLesson(user, params.id);
  return { ok: true };
});
