// GET /api/notifications/stream - Server-Sent Events: her new notifications and unread count, live, resuming after Last-Event-ID.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute, PRIVATE_ANSWER } from "@/server/http/api-route";
import { openNotificationStream, parseLastEventId } from "@/server/notifications";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: SIGNED_IN }, async ({ request, user }) => {
  const body = await openNotificationStream(
    user,
    parseLastEventId(request.headers.get("last-event-id")),
    request.signal,
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // Her own events: no cache may keep them (PRIVATE_ANSWER), and no proxy may recompress them.
      "Cache-Control": `${PRIVATE_ANSWER}, no-transform`,
      // nginx passes the events on as they come (deploy/nginx has a location for this path too).
      "X-Accel-Buffering": "no",
    },
  });
});
