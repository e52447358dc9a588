// GET /api/events/{id}/rsvp - her part of an event page (her RSVP and the live count); POST RSVPs to a
// community event; DELETE cancels the member's own RSVP.
// apiRoute has checked the access rule, so `user` is set (the rule constants are typed as the wide AccessRule).
import { SIGNED_IN } from "@/lib/auth/access";
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { cancelRsvp, eventViewerPart, rsvpToEvent } from "@/server/events/rsvp";

export const GET = apiRoute({ access: SIGNED_IN, params: idParams() }, async ({ params, user }) =>
  eventViewerPart(params.id, user),
);

export const POST = apiRoute({ access: SIGNED_IN, params: idParams() }, async ({ params, user }) =>
  rsvpToEvent(params.id, user),
);

export const DELETE = apiRoute({ access: SIGNED_IN, params: idParams() }, async ({ params, user }) =>
  cancelRsvp(params.id, user.id),
);
