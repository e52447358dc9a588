// GET|POST /api/admin/courses - every course with its enrolments and completion rate, and create one (admins).
import { ADMIN } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { courseSchema } from "@/features/courses/schemas";
import { createCourse, listAdminCourses } from "@/server/courses/editor";

export const GET = apiRoute({ access: ADMIN }, async ({ user }) => listAdminCourses(user));

export const POST = apiRoute({ access: ADMIN, body: courseSchema }, async ({ user, body }) =>
  created(await createCourse(user, body)),
);
