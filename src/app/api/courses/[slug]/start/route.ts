// POST /api/courses/{slug}/start - she starts the course (lessons that open days after her start count from now).
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { courseSlugParams } from "@/features/courses/schemas";
import { startCourse } from "@/server/courses/member";

export const POST = apiRoute({ access: SIGNED_IN, params: courseSlugParams }, async ({ user, params }) =>
  startCourse(user, params.slug),
);
