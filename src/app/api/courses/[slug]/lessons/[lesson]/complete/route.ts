// POST /api/courses/{slug}/lessons/{lesson}/complete - "Mark complete" (refused for a lesson not open to her).
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { lessonParams } from "@/features/courses/schemas";
import { completeLesson } from "@/server/courses/member";

export const POST = apiRoute({ access: SIGNED_IN, params: lessonParams }, async ({ user, params }) =>
  completeLesson(user, params.slug, params.lesson),
);
