// GET /api/courses/{slug} - a course's outline with her ticks, her progress and her next lesson.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { courseSlugParams } from "@/features/courses/schemas";
import { getCourseOutline } from "@/server/courses/member";

export const GET = apiRoute({ access: SIGNED_IN, params: courseSlugParams }, async ({ user, params }) =>
  getCourseOutline(user, params.slug),
);
