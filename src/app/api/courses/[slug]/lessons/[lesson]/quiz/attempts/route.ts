// POST /api/courses/{slug}/lessons/{lesson}/quiz/attempts - her answers, graded; a pass completes the lesson.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { lessonParams } from "@/features/courses/schemas";
import { quizAttemptSchema } from "@/features/courses/quiz";
import { attemptQuiz } from "@/server/courses/quiz";

export const POST = apiRoute(
  { access: SIGNED_IN, params: lessonParams, body: quizAttemptSchema },
  async ({ user, params, body }) => attemptQuiz(user, params.slug, params.lesson, body),
);
