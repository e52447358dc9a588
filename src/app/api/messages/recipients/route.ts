// GET /api/messages/recipients?q= - members she may write to whose name holds q (the New message search).
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { recipientSearchSchema } from "@/features/messages/schemas";
import { findRecipients } from "@/server/messages";

export const GET = apiRoute({ access: SIGNED_IN, query: recipientSearchSchema }, async ({ user, query }) => ({
  members: await findRecipients(user, query.q),
}));
