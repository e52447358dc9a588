// POST /api/admin/announcements - notify every member with a tier of an announcement (one fan-out job).
import { ADMIN } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { actorOf } from "@/server/auth/actor";
import { announcementSchema } from "@/features/notifications/schemas";
import { announce } from "@/server/notifications";

export const POST = apiRoute({ access: ADMIN, body: announcementSchema }, async ({ request, user, body }) =>
  created(await announce(actorOf(user, request.headers), body)),
);
