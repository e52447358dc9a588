// GET|PUT|DELETE /api/admin/courses/{id} - a course with its modules and lessons, save it (draft or published), delete it (admins).
import { ADMIN } from "@/lib/auth/access";
import { notFound } from "@/lib/errors";
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { courseSchema } from "@/features/courses/schemas";
import { deleteCourse, getAdminCourse, updateCourse } from "@/server/courses/editor";

const params = idParams();

export const GET = apiRoute({ access: ADMIN, params }, async ({ user, params }) => {
  const course = await getAdminCourse(user, params.id);
  if (!course) throw notFound("Course not found.");
  return course;
});

export const PUT = apiRoute({ access: ADMIN, params, body: courseSchema }, async ({ user, params, body }) =>
  updateCourse(user, params.id, body),
);

export const DELETE = apiRoute({ access: ADMIN, params }, async ({ user, params }) => {
  await deleteCourse(user, params.id);
  return { ok: true };
});
