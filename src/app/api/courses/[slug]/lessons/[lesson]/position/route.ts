// PUT /api/courses/{slug}/lessons/{lesson}/position - her place in the lesson's video, kept for her return.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { lessonParams } from "@/features/courses/schemas";
import { videoPositionSchema } from "@/features/courses/lesson-media";
import { saveVideoPosition } from "@/server/courses/member";

export const PUT = apiRoute(
  { access: SIGNED_IN, params: lessonParams, body: videoPositionSchema },
  async ({ user, params, body }) => saveVideoPosition(user, params.slug, params.lesson, body.positionSeconds),
);
