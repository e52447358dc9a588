// POST /api/courses/{slug}/lessons/{lesson}/complete - "Mark complete", or 90% of its video watched
// (refused for a lesson not open to her, and for a video she has not watched to 90%).
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { lessonParams } from "@/features/courses/schemas";
import { completeLessonSchema } from "@/features/courses/lesson-media";
import { completeLesson } from "@/server/courses/member";

export const POST = apiRoute(
  { access: SIGNED_IN, params: lessonParams, body: completeLessonSchema },
  async ({ user, params, body }) => completeLesson(user, params.slug, params.lesson, body),
);
