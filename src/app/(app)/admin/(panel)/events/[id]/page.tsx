import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { formatDateTime } from "@/lib/format";
import { listRsvps } from "@/server/events/admin";
import { findEvent } from "@/server/events/queries";
import { formatInZone } from "@/server/events/time";
import { DataTable } from "@/components/ui/data-table";
import { pageId } from "@/lib/page-input";

export const metadata: Metadata = { title: "Event RSVPs", robots: { index: false } };

export default async function AdminEventRsvpsPage({ params }: PageProps<"/admin/events/[id]">) {
  const viewer = await requirePageAccess(ADMIN);
  const event = await findEvent(pageId((await params).id));
  if (!event) notFound();
  const rsvps = await listRsvps(viewer, event.id);
  return (
    <div className="grid gap-6">
      <p>
        <Link href="/admin/events" className="text-primary underline underline-offset-4">
          Back to events
        </Link>
      </p>
      <div>
        <h1 className="text-3xl font-semibold">RSVPs: {event.title}</h1>
        <p className="mt-2 text-muted-foreground">
          {formatInZone(event.startsAt, event.timezone, "MMM d, yyyy h:mm a zzz")} · {rsvps.length} going
          {event.capacity !== null ? ` of ${event.capacity}` : ""}
        </p>
      </div>
      {rsvps.length === 0 ? (
        <p className="text-muted-foreground">Nobody has RSVPed yet.</p>
      ) : (
        <DataTable
          caption="Members going, in the order they RSVPed"
          columns={["Member", "Username", "Email", "RSVPed"]}
        >
          {rsvps.map((rsvp) => (
            <tr key={rsvp.userId} className="border-b last:border-0">
              <td className="px-4 py-3">
                {rsvp.firstName} {rsvp.lastName}
              </td>
              <td className="px-4 py-3">{rsvp.username}</td>
              <td className="px-4 py-3">{rsvp.email}</td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(rsvp.at)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
