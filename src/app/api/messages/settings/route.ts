// GET /api/messages/settings - who may message her; PUT changes it (any member, mentors only, nobody).
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { messageSettingsSchema } from "@/features/messages/schemas";
import { getMessageSettings, saveMessageSettings } from "@/server/messages";

export const GET = apiRoute({ access: SIGNED_IN }, async ({ user }) => getMessageSettings(user.id));

export const PUT = apiRoute({ access: SIGNED_IN, body: messageSettingsSchema }, async ({ user, body }) =>
  saveMessageSettings(user.id, body),
);
