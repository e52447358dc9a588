// GET /api/events/{id}/join-link - an online event's link to join, to whoever may see it, or what she needs first.
import { PUBLIC } from "@/lib/auth/access";
import { idParams } from "@/lib/validation";
import { notFound } from "@/lib/errors";
import { apiRoute } from "@/server/http/api-route";
import { joinLinkFor } from "@/server/events/join-link";
import { findEvent } from "@/server/events/queries";

export const GET = apiRoute({ access: PUBLIC, params: idParams() }, async ({ params, user }) => {
  const event = await findEvent(params.id);
  if (!event) throw notFound("Event not found.");
  const link = await joinLinkFor(event, user);
  return Response.json(link, { headers: { "Cache-Control": "private, no-store" } });
});
