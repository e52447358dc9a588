// GET /api/courses/{slug}/lessons/{lesson}/quiz - a lesson's quiz without its answers (refused for a lesson not open to her).
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { lessonParams } from "@/features/courses/schemas";
import { getLessonQuiz } from "@/server/courses/quiz";

export const GET = apiRoute({ access: SIGNED_IN, params: lessonParams }, async ({ user, params }) =>
  getLessonQuiz(user, params.slug, params.lesson),
);
