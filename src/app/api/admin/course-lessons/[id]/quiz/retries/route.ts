// GET|POST /api/admin/course-lessons/{id}/quiz/retries - members out of attempts at a lesson's quiz, and another try for one (admins).
import { ADMIN } from "@/lib/auth/access";
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { quizRetrySchema } from "@/features/courses/quiz";
import { allowAnotherTry, membersOutOfAttempts } from "@/server/courses/quiz-retries";

const params = idParams();

export const GET = apiRoute({ access: ADMIN, params }, async ({ user, params }) =>
  membersOutOfAttempts(user, params.id),
);

export const POST = apiRoute({ access: ADMIN, params, body: quizRetrySchema }, async ({ user, params, body }) =>
  allowAnotherTry(user, params.id, body.userId),
);
