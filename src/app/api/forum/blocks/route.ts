// GET /api/forum/blocks - the members she blocked; POST blocks one.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { blockMember, listBlockedMembers } from "@/server/forum";
import { blockSchema } from "@/features/forum/schemas";

export const GET = apiRoute({ access: SIGNED_IN }, async ({ user }) => listBlockedMembers(user));

export const POST = apiRoute({ access: SIGNED_IN, body: blockSchema }, async ({ user, body }) =>
  blockMember(body.userId, user),
);
