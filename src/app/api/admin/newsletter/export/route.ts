// GET /api/admin/newsletter/export - every newsletter subscriber as CSV (admins only).
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/lib/http/api-route";
import { subscriberPages } from "@/server/newsletter";
import { csvResponse } from "@/server/csv";

export const GET = apiRoute({ access: ADMIN }, async () => {
  const iso = (d: Date | null) => (d ? d.toISOString() : "");
  return csvResponse(
    "newsletter-subscribers",
    ["email", "status", "source", "subscribed_at", "confirmed_at", "unsubscribed_at"],
    subscriberPages(),
    (s) => [s.email, s.status, s.source, iso(s.createdAt), iso(s.confirmedAt), iso(s.unsubscribedAt)],
  );
});
