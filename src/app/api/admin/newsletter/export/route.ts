// GET /api/admin/newsletter/export - every newsletter subscriber as CSV (admins only).
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/lib/http/api-route";
import { listSubscribers } from "@/server/newsletter";
import { toCsv } from "@/server/newsletter/csv";

export const GET = apiRoute({ access: ADMIN }, async () => {
  const subscribers = await listSubscribers();
  const iso = (d: Date | null) => (d ? d.toISOString() : "");
  const csv = toCsv(
    ["email", "status", "source", "subscribed_at", "confirmed_at", "unsubscribed_at"],
    subscribers.map((s) => [s.email, s.status, s.source, iso(s.createdAt), iso(s.confirmedAt), iso(s.unsubscribedAt)]),
  );
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="newsletter-subscribers-${date}.csv"`, "Cache-Control": "no-store" },
  });
});
