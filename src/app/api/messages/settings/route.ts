// GET /api/messages/settings - who may message her; PUT changes it (any member, mentors only, nobody).
import { MEMBER } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { messageSettingsSchema } from "@/features/messages/schemas";
import { getMessageSettings, saveMessageSettings } from "@/server/messages";

export const GET = apiRoute({ access: MEMBER }, async ({ user }) => getMessageSettings(user.id));

export const PUT = apiRoute({ access: MEMBER, body: messageSettingsSchema }, async ({ user, body }) => saveMessageSettings(user.id, body));
