// GET /api/courses - the courses, each with her progress (a course her tier does not open: locked, with the tier that opens it).
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { listCourses } from "@/server/courses/member";

export const GET = apiRoute({ access: SIGNED_IN }, async ({ user }) => listCourses(user));
