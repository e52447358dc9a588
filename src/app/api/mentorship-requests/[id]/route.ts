// PATCH /api/mentorship-requests/{id} - the mentor accepts or declines a request she received.
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { SIGNED_IN } from "@/lib/auth/access";
import { assertRequestMentor, decideMentorshipRequest } from "@/server/mentorship";
import { mentorshipDecisionSchema } from "@/features/mentorship/schemas";

export const PATCH = apiRoute(
  {
    access: SIGNED_IN,
    params: idParams(),
    authorize: ({ user, params }) => assertRequestMentor(user, params.id),
    body: mentorshipDecisionSchema,
  },
  async ({ user, params, body }) => decideMentorshipRequest(user, params.id, body.status),
);
