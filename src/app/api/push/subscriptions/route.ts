// POST /api/push/subscriptions - this device receives her pushes; DELETE stops them.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { pushSubscriptionSchema, pushUnsubscribeSchema } from "@/features/notifications/schemas";
import { deletePushSubscription, savePushSubscription } from "@/server/push";

export const POST = apiRoute({ access: SIGNED_IN, body: pushSubscriptionSchema }, async ({ user, body }) =>
  created(await savePushSubscription(user.id, body)),
);

export const DELETE = apiRoute({ access: SIGNED_IN, body: pushUnsubscribeSchema }, async ({ user, body }) =>
  deletePushSubscription(user.id, body.endpoint),
);
