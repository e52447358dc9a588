// GET /api/courses/{slug}/lessons/{lesson} - a lesson; its content only when it is open to her.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { lessonParams } from "@/features/courses/schemas";
import { getCourseLesson } from "@/server/courses/member";

export const GET = apiRoute({ access: SIGNED_IN, params: lessonParams }, async ({ user, params }) =>
  getCourseLesson(user, params.slug, params.lesson),
);
