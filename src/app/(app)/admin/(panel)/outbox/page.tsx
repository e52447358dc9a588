import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format";
import { listOutbox } from "@/server/email/outbox";
import { listSuppressions } from "@/server/email/suppressions";
import { OUTBOX_PAGE_SIZE, outboxQuerySchema } from "@/features/email/schemas";
import { OUTBOX_STATUSES } from "@/features/email/constants";
import { cn } from "@/lib/utils";
import { DataTable } from "@/components/ui/data-table";
import { LiftSuppressionButton } from "@/components/admin/lift-suppression-button";
import { offsetWindow } from "@/server/pagination";

export const metadata: Metadata = { title: "Email Outbox", robots: { index: false } };

const STATUS_BADGE = {
  queued: "warning",
  sending: "secondary",
  sent: "success",
  failed: "destructive",
  suppressed: "destructive",
} as const;

export default async function OutboxPage({ searchParams }: PageProps<"/admin/outbox">) {
  const viewer = await requirePageAccess(ADMIN);
  const parsed = outboxQuerySchema.safeParse(await searchParams);
  const query = parsed.success ? parsed.data : { page: 1, status: undefined };
  const [{ messages, total }, suppressions] = await Promise.all([
    listOutbox(viewer, { status: query.status, ...offsetWindow(query.page, OUTBOX_PAGE_SIZE) }),
    listSuppressions(viewer),
  ]);
  const pages = Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE));
  const hrefFor = (changes: { status?: string | null; page?: number }) => {
    const params = new URLSearchParams();
    const status = changes.status === undefined ? query.status : changes.status;
    if (status) params.set("status", status);
    const page = changes.page ?? 1;
    if (page > 1) params.set("page", String(page));
    const qs = params.toString();
    return qs ? `/admin/outbox?${qs}` : "/admin/outbox";
  };

  return (
    <div>
      <h1 className="text-3xl font-semibold">Email Outbox</h1>
      <p className="mt-2 text-muted-foreground">
        Every email is stored here first. With SMTP configured (SMTP_URL) a background job sends it and retries
        failures; without it, messages wait here.
      </p>
      <nav aria-label="Filter by status" className="mt-6 flex flex-wrap gap-2">
        {[null, ...OUTBOX_STATUSES].map((status) => {
          const active = (query.status ?? null) === status;
          return (
            <Link
              key={status ?? "all"}
              href={hrefFor({ status })}
              aria-current={active ? "page" : undefined}
              className={cn(
                "rounded-full border px-3 py-1 text-sm capitalize",
                active ? "border-primary bg-primary text-primary-foreground" : "hover:bg-accent",
              )}
            >
              {status ?? "All"}
            </Link>
          );
        })}
      </nav>
      <DataTable
        caption="Email messages, newest first"
        columns={["Created", "To", "Subject", "Kind", "Status"]}
        empty="No messages."
        isEmpty={messages.length === 0}
        className="mt-6"
      >
        {messages.map((message) => (
          <tr key={message.id} className="border-b last:border-0">
            <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(message.createdAt)}</td>
            <td className="px-4 py-3">{message.to}</td>
            <td className="px-4 py-3">
              <Link
                href={`/admin/outbox/${message.id}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {message.subject}
              </Link>
            </td>
            <td className="px-4 py-3">{message.kind}</td>
            <td className="px-4 py-3">
              <Badge variant={STATUS_BADGE[message.status as keyof typeof STATUS_BADGE] ?? "secondary"}>
                {message.status}
              </Badge>
            </td>
          </tr>
        ))}
      </DataTable>
      <div className="mt-4 flex items-center justify-between text-sm">
        <p>
          {total} message{total === 1 ? "" : "s"} · page {query.page} of {pages}
        </p>
        <div className="flex gap-2">
          {query.page > 1 ? (
            <Link className="underline" href={hrefFor({ page: query.page - 1 })}>
              Previous
            </Link>
          ) : null}
          {query.page < pages ? (
            <Link className="underline" href={hrefFor({ page: query.page + 1 })}>
              Next
            </Link>
          ) : null}
        </div>
      </div>
      <section aria-labelledby="refusing-heading" className="mt-10">
        <h2 id="refusing-heading" tabIndex={-1} className="text-xl font-semibold">
          Addresses refusing mail
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">
          Their mail server refused an email permanently (an SMTP 5xx). They get no notification emails, digests or
          newsletters until a message to them is accepted again, or until you lift the suppression; password resets and
          other account emails are still sent.
        </p>
        <DataTable
          caption="Addresses refusing mail, latest refusal first"
          columns={["Address", "Refused", "What the server said", "Action"]}
          empty="No address is refusing mail."
          isEmpty={suppressions.length === 0}
          className="mt-4"
        >
          {suppressions.map((suppression) => (
            <tr key={suppression.address} className="border-b last:border-0">
              <td className="px-4 py-3">{suppression.address}</td>
              <td className="px-4 py-3 whitespace-nowrap">
                {suppression.outboxId ? (
                  <Link
                    href={`/admin/outbox/${suppression.outboxId}`}
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {formatDateTime(suppression.since)}
                  </Link>
                ) : (
                  formatDateTime(suppression.since)
                )}
              </td>
              <td className="px-4 py-3">{suppression.reason}</td>
              <td className="px-4 py-3">
                <LiftSuppressionButton address={suppression.address} focusAfterId="refusing-heading" />
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
    </div>
  );
}
