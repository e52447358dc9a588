// GET /api/forum/blocks - the members she blocked; POST blocks one.
import { MEMBER } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { blockMember, listBlockedMembers } from "@/server/forum";
import { blockSchema } from "@/features/forum/schemas";

export const GET = apiRoute({ access: MEMBER }, async ({ user }) => listBlockedMembers(user));

export const POST = apiRoute({ access: MEMBER, body: blockSchema }, async ({ user, body }) => blockMember(body.userId, user));
