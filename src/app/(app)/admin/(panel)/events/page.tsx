import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import type { Metadata } from "next";
import Link from "next/link";
import { AdminEventDialog, DeleteEventButton, FeatureEventButton } from "@/components/events/admin-event-form";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format";
import { listEventsForAdmin, listInquiries } from "@/server/events/admin";
import { lumaSyncStatus } from "@/server/events/luma-sync";
import { LumaSyncStatus } from "@/components/events/luma-sync-status";
import { formatInZone } from "@/server/events/time";
import type { EventInput } from "@/features/events/schemas";
import type { EventRow } from "@/server/events/queries";
import { DataTable } from "@/components/ui/data-table";

export const metadata: Metadata = { title: "Events", robots: { index: false } };

const LOCAL = "yyyy-MM-dd'T'HH:mm";

function formValues(event: EventRow): EventInput {
  return {
    title: event.title,
    description: event.description,
    imageUrl: event.imageUrl ?? "",
    startsAtLocal: formatInZone(event.startsAt, event.timezone, LOCAL),
    endsAtLocal: event.endsAt ? formatInZone(event.endsAt, event.timezone, LOCAL) : "",
    timezone: event.timezone,
    locationName: event.locationName ?? "",
    address: event.address ?? "",
    onlineUrl: event.onlineUrl ?? "",
    url: event.url ?? "",
    accessType: event.accessType as EventInput["accessType"],
    type: event.type as EventInput["type"],
    capacity: event.capacity === null ? "" : event.capacity,
    featured: event.featured,
  };
}

export default async function AdminEventsPage() {
  const viewer = await requirePageAccess(ADMIN);
  const [rows, inquiries, luma] = await Promise.all([
    listEventsForAdmin(viewer),
    listInquiries(viewer),
    lumaSyncStatus(viewer),
  ]);
  return (
    <div className="grid gap-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold">Events</h1>
          <p className="mt-2 text-muted-foreground">
            Community events. Luma events are managed on Luma and synced every 5 minutes.
          </p>
        </div>
        <AdminEventDialog triggerLabel="New Event" />
      </div>

      <LumaSyncStatus {...luma} />

      <DataTable
        caption="Community events, latest first"
        columns={["Event", "Starts", "Access", "RSVPs", "Actions"]}
        empty="No community events yet."
        isEmpty={rows.length === 0}
      >
        {rows.map(({ event, going }) => (
          <tr key={event.id} className="border-b last:border-0">
            <td className="px-4 py-3">
              <Link
                href={`/events/${event.id}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {event.title}
              </Link>
              <div className="mt-1 flex flex-wrap gap-1">
                <Badge variant="outline" className="capitalize">
                  {event.type}
                </Badge>
                {event.featured ? <Badge>Featured</Badge> : null}
                {event.status === "cancelled" ? <Badge variant="destructive">Cancelled</Badge> : null}
              </div>
            </td>
            <td className="px-4 py-3 whitespace-nowrap">
              {formatInZone(event.startsAt, event.timezone, "MMM d, yyyy h:mm a zzz")}
              <div className="text-xs text-muted-foreground">{event.timezone}</div>
            </td>
            <td className="px-4 py-3">{event.accessType === "members" ? "Members Only" : "Open to All"}</td>
            <td className="px-4 py-3 whitespace-nowrap">
              {/* Named by what it shows, then whose RSVPs they are (WCAG 2.5.3: the name contains the visible text). */}
              <Link href={`/admin/events/${event.id}`} className="text-primary underline underline-offset-4">
                {going}
                {event.capacity !== null ? ` / ${event.capacity}` : ""}
                <span className="sr-only"> RSVPs for {event.title}</span>
              </Link>
            </td>
            <td className="px-4 py-3">
              <div className="flex flex-wrap gap-2">
                <AdminEventDialog
                  eventId={event.id}
                  initial={formValues(event)}
                  triggerLabel="Edit"
                  triggerVariant="outline"
                />
                <FeatureEventButton eventId={event.id} featured={event.featured} title={event.title} />
                <DeleteEventButton eventId={event.id} title={event.title} />
              </div>
            </td>
          </tr>
        ))}
      </DataTable>

      <section aria-labelledby="inquiries-heading">
        <h2 id="inquiries-heading" className="text-2xl font-semibold">
          Private Event Requests
        </h2>
        {inquiries.length === 0 ? (
          <p className="mt-4 text-muted-foreground">No requests yet.</p>
        ) : (
          <ul className="mt-4 grid gap-3">
            {inquiries.map((inquiry) => (
              <li key={inquiry.id} className="rounded-xl border bg-card p-4">
                <p className="font-medium">
                  {inquiry.name} ·{" "}
                  <a href={`mailto:${inquiry.email}`} className="text-primary underline underline-offset-4">
                    {inquiry.email}
                  </a>
                </p>
                <p className="text-sm text-muted-foreground">
                  {inquiry.eventType}
                  {inquiry.guestCount ? ` · ${inquiry.guestCount} guests` : ""}
                  {inquiry.preferredDate ? ` · ${inquiry.preferredDate}` : ""} · {formatDateTime(inquiry.createdAt)}
                </p>
                <p className="mt-2 whitespace-pre-line">{inquiry.message}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
