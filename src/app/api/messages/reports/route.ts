// POST /api/messages/reports - she reports a message she received; administrators see only that message.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { reportMessageSchema } from "@/features/messages/schemas";
import { reportMessage } from "@/server/messages";

export const POST = apiRoute({ access: SIGNED_IN, body: reportMessageSchema }, async ({ user, body }) =>
  created(await reportMessage(user.id, body.messageId, body.reason)),
);
