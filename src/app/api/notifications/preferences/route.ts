// GET /api/notifications/preferences - her choice per kind (app, email at once, daily or weekly digest, off; push) and the weekly digest; PUT changes them.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { preferencesSchema } from "@/features/notifications/schemas";
import { getNotificationPreferences, saveNotificationPreferences } from "@/server/notifications";

export const GET = apiRoute({ access: SIGNED_IN }, async ({ user }) => getNotificationPreferences(user.id));

export const PUT = apiRoute({ access: SIGNED_IN, body: preferencesSchema }, async ({ user, body }) =>
  saveNotificationPreferences(user.id, body),
);
