// POST /api/notifications/read - mark some ({ ids }) or all ({ all: true }) of her notifications read.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { markReadSchema } from "@/features/notifications/schemas";
import { markRead } from "@/server/notifications";

export const POST = apiRoute({ access: SIGNED_IN, body: markReadSchema }, async ({ user, body }) =>
  markRead(user, body),
);
