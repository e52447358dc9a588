// POST /api/notifications/read - mark some ({ ids }) or all ({ all: true }) of her notifications read.
import { MEMBER } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { markReadSchema } from "@/features/notifications/schemas";
import { markRead } from "@/server/notifications";

export const POST = apiRoute({ access: MEMBER, body: markReadSchema }, async ({ user, body }) => markRead(user, body));
