import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { MemberActions } from "@/components/admin/members/member-actions";
import { DataTable } from "@/components/ui/data-table";
import { AppError } from "@/lib/errors";
import { formatCents, formatDate, tierName } from "@/lib/format";
import { getMemberAdminView } from "@/server/admin-members";
import { MEMBER_STATUS_LABELS } from "@/features/admin-members/schemas";
import type { SessionUser } from "@/lib/auth/session-user";
import { pageId } from "@/lib/page-input";

export const metadata: Metadata = { title: "Member", robots: { index: false } };

async function load(viewer: SessionUser, id: number) {
  try {
    return await getMemberAdminView(viewer, id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  }
}

// A member's admin view: profile, tier, status, applications, payments, RSVPs, forum activity, and the actions.
export default async function MemberAdminPage({ params }: PageProps<"/admin/members/[id]">) {
  const viewer = await requirePageAccess(ADMIN);
  const id = pageId((await params).id);
  const { member, applications, payments, rsvps } = await load(viewer, id);
  const facts: [string, React.ReactNode][] = [
    ["Username", member.username],
    ["Email", member.email],
    ["Tier", member.levelTitle ?? "None"],
    ["Status", MEMBER_STATUS_LABELS[member.status]],
    ["Joined", formatDate(member.createdAt)],
    ["Two-factor sign-in", member.twoFactorEnabled ? "On" : "Off"],
    ["Active sessions", member.activeSessions],
    ["Forum topics", member.topics],
    ["Forum replies", member.replies],
  ];
  return (
    <div className="grid gap-8">
      <div>
        <Link href="/admin/members" className="text-sm text-primary underline-offset-4 hover:underline">
          All members
        </Link>
        <h1 className="mt-2 text-3xl font-semibold">
          {member.firstName} {member.lastName}
        </h1>
        <p className="mt-1">
          <Link href={`/profile/${member.id}`} className="text-primary underline-offset-4 hover:underline">
            Her profile
          </Link>{" "}
          ·{" "}
          <Link href={`/admin/billing/${member.id}`} className="text-primary underline-offset-4 hover:underline">
            Her billing
          </Link>{" "}
          ·{" "}
          <Link
            href={`/admin/audit?entityType=user&entityId=${member.id}`}
            className="text-primary underline-offset-4 hover:underline"
          >
            Audit log
          </Link>
        </p>
      </div>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <MemberActions
        member={{
          id: member.id,
          name: `${member.firstName} ${member.lastName}`,
          membershipLevel: member.membershipLevel,
          isAdmin: member.isAdmin,
          permissions: member.permissions,
          disabled: member.status === "disabled",
        }}
        isSelf={viewer.id === member.id}
      />
      <section aria-labelledby="applications-heading">
        <h2 id="applications-heading" className="mb-3 text-2xl font-semibold">
          Applications
        </h2>
        <DataTable
          caption="Her applications"
          columns={["Application", "Tier", "Status", "Submitted"]}
          empty="No applications."
          isEmpty={applications.length === 0}
        >
          {applications.map((a) => (
            <tr key={a.id} className="border-b last:border-b-0">
              <td className="px-4 py-3">
                <Link href={`/admin/applications/${a.id}`} className="text-primary underline-offset-4 hover:underline">
                  #{a.id}
                </Link>
              </td>
              <td className="px-4 py-3">{tierName(a.membershipTier)}</td>
              <td className="px-4 py-3 capitalize">{a.status}</td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDate(a.createdAt)}</td>
            </tr>
          ))}
        </DataTable>
      </section>
      <section aria-labelledby="payments-heading">
        <h2 id="payments-heading" className="mb-3 text-2xl font-semibold">
          Payments
        </h2>
        <DataTable
          caption="Her payments"
          columns={["Payment", "Kind", "Amount", "Status", "Date"]}
          empty="No payments."
          isEmpty={payments.length === 0}
        >
          {payments.map((p) => (
            <tr key={p.id} className="border-b last:border-b-0">
              <td className="px-4 py-3">
                <Link
                  href={`/admin/payment-transactions/${p.id}`}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  #{p.id}
                </Link>
              </td>
              <td className="px-4 py-3 capitalize">{p.kind}</td>
              <td className="px-4 py-3">{formatCents(p.amount, p.currency)}</td>
              <td className="px-4 py-3 capitalize">{p.status}</td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDate(p.createdAt)}</td>
            </tr>
          ))}
        </DataTable>
      </section>
      <section aria-labelledby="rsvps-heading">
        <h2 id="rsvps-heading" className="mb-3 text-2xl font-semibold">
          RSVPs
        </h2>
        <DataTable
          caption="Her event RSVPs"
          columns={["Event", "Date", "RSVP"]}
          empty="No RSVPs."
          isEmpty={rsvps.length === 0}
        >
          {rsvps.map((r) => (
            <tr key={r.eventId} className="border-b last:border-b-0">
              <td className="px-4 py-3">
                <Link href={`/admin/events/${r.eventId}`} className="text-primary underline-offset-4 hover:underline">
                  {r.title}
                </Link>
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDate(r.startsAt)}</td>
              <td className="px-4 py-3 capitalize">{r.status}</td>
            </tr>
          ))}
        </DataTable>
      </section>
    </div>
  );
}
