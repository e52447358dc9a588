// GET /api/users/{id}/mentorship-requests - the requests a mentor has received (hers only).
// POST /api/users/{id}/mentorship-requests - a member asks the mentor {id} for mentorship.
import { idParams } from "@/lib/validation";
import { apiRoute, created } from "@/server/http/api-route";
import { SIGNED_IN, SELF } from "@/lib/auth/access";
import { siteUrl } from "@/lib/http/site-url";
import { findMentor, listReceivedRequests, sendMentorshipRequest } from "@/server/mentorship";
import { mentorshipRequestSchema } from "@/features/mentorship/schemas";

const params = idParams();

export const GET = apiRoute({ access: SELF, params }, async ({ params }) => listReceivedRequests(params.id));

export const POST = apiRoute(
  {
    access: SIGNED_IN,
    params,
    authorize: async ({ params }) => void (await findMentor(params.id)),
    body: mentorshipRequestSchema,
  },
  async ({ user, params, body }) => created(await sendMentorshipRequest(user, params.id, body, siteUrl())),
);
