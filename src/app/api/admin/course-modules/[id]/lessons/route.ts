// POST /api/admin/course-modules/{id}/lessons - a lesson at the end of the module (admins).
import { ADMIN } from "@/lib/auth/access";
import { idParams } from "@/lib/validation";
import { apiRoute, created } from "@/server/http/api-route";
import { COURSE_LESSON_MAX_BYTES } from "@/features/courses/constants";
import { courseLessonSchema } from "@/features/courses/schemas";
import { createLesson } from "@/server/courses/editor";

export const POST = apiRoute(
  { access: ADMIN, params: idParams(), body: courseLessonSchema, maxBodyBytes: COURSE_LESSON_MAX_BYTES },
  async ({ user, params, body }) => created(await createLesson(user, params.id, body)),
);
