// GET /api/forum/preferences - her forum settings; PUT saves them (reply emails on or off).
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { getForumPreferences, saveForumPreferences } from "@/server/forum";
import { preferencesSchema } from "@/features/forum/schemas";

export const GET = apiRoute({ access: SIGNED_IN }, async ({ user }) => getForumPreferences(user.id));

export const PUT = apiRoute({ access: SIGNED_IN, body: preferencesSchema }, async ({ user, body }) =>
  saveForumPreferences(user.id, body),
);
