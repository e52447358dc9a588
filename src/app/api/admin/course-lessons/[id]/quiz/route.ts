// GET|PUT|DELETE /api/admin/course-lessons/{id}/quiz - a lesson's quiz for its editor, saved whole, removed (admins).
import { ADMIN } from "@/lib/auth/access";
import { notFound } from "@/lib/errors";
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { courseQuizSchema } from "@/features/courses/quiz";
import { deleteQuiz, getAdminQuiz, saveQuiz } from "@/server/courses/quiz-editor";

const params = idParams();

export const GET = apiRoute({ access: ADMIN, params }, async ({ user, params }) => {
  const quiz = await getAdminQuiz(user, params.id);
  if (!quiz) throw notFound("This lesson has no quiz.");
  return quiz;
});

export const PUT = apiRoute({ access: ADMIN, params, body: courseQuizSchema }, async ({ user, params, body }) =>
  saveQuiz(user, params.id, body),
);

export const DELETE = apiRoute({ access: ADMIN, params }, async ({ user, params }) => {
  await deleteQuiz(user, params.id);
  return { ok: true };
});
