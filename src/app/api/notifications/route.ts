// GET /api/notifications - her notifications, newest activity first (keyset pages, filter by kind), with her unread count.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { notificationListQuerySchema } from "@/features/notifications/schemas";
import { listNotifications } from "@/server/notifications";

export const GET = apiRoute({ access: SIGNED_IN, query: notificationListQuerySchema }, async ({ user, query }) =>
  listNotifications(user, query),
);
