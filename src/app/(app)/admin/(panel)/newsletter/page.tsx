import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import type { Metadata } from "next";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/lib/format";
import { listSubscribers } from "@/server/newsletter";
import { DataTable } from "@/components/ui/data-table";

export const metadata: Metadata = { title: "Newsletter Subscribers", robots: { index: false } };

const STATUS_BADGE = { pending: "warning", confirmed: "success", unsubscribed: "secondary" } as const;

export default async function NewsletterAdminPage() {
  const viewer = await requirePageAccess(ADMIN);
  const subscribers = await listSubscribers(viewer);
  const counts = Object.fromEntries(
    (["confirmed", "pending", "unsubscribed"] as const).map((s) => [
      s,
      subscribers.filter((x) => x.status === s).length,
    ]),
  );
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold">Newsletter Subscribers</h1>
        {/* A plain link: the browser downloads the CSV with the admin's session cookie. */}
        <a
          href="/api/admin/newsletter/export"
          download
          className="inline-flex min-h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90"
        >
          Export to CSV
        </a>
      </div>
      <p className="mt-2 text-muted-foreground">
        {counts.confirmed} confirmed, {counts.pending} waiting for confirmation, {counts.unsubscribed} unsubscribed.
        Only confirmed addresses receive the newsletter.
      </p>
      <DataTable
        caption="Newsletter subscribers, newest first"
        columns={["Email", "Status", "Source", "Subscribed", "Confirmed"]}
        empty="No subscribers yet."
        isEmpty={subscribers.length === 0}
        className="mt-6"
      >
        {subscribers.map((s) => (
          <tr key={s.id} className="border-b last:border-b-0">
            <td className="px-4 py-3 break-all">{s.email}</td>
            <td className="px-4 py-3">
              <Badge
                variant={STATUS_BADGE[s.status as keyof typeof STATUS_BADGE] ?? "secondary"}
                className="capitalize"
              >
                {s.status}
              </Badge>
            </td>
            <td className="px-4 py-3 capitalize">{s.source ?? "-"}</td>
            <td className="px-4 py-3 whitespace-nowrap">{formatDate(s.createdAt)}</td>
            <td className="px-4 py-3 whitespace-nowrap">{s.confirmedAt ? formatDate(s.confirmedAt) : "-"}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
