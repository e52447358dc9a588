import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { RetryEmailButton } from "@/components/admin/retry-email-button";
import { formatDateTime } from "@/lib/format";
import { pageId } from "@/lib/page-input";
import { getOutboxMessage } from "@/server/email/outbox";

export const metadata: Metadata = { title: "Email", robots: { index: false } };

export default async function OutboxMessagePage({ params }: PageProps<"/admin/outbox/[id]">) {
  const viewer = await requirePageAccess(ADMIN);
  const message = await getOutboxMessage(viewer, pageId((await params).id));
  if (!message) notFound();
  return (
    <article className="max-w-3xl">
      <Link href="/admin/outbox" className="text-sm text-primary underline-offset-4 hover:underline">
        ← Back to the outbox
      </Link>
      <h1 className="mt-4 text-2xl font-semibold">{message.subject}</h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="font-semibold">To</dt>
        <dd>{message.to}</dd>
        <dt className="font-semibold">Kind</dt>
        <dd>{message.kind}</dd>
        <dt className="font-semibold">Status</dt>
        <dd>
          <Badge variant="secondary">{message.status}</Badge> after {message.attempts} attempt
          {message.attempts === 1 ? "" : "s"}
        </dd>
        <dt className="font-semibold">Created</dt>
        <dd>{formatDateTime(message.createdAt)}</dd>
        {message.sentAt ? (
          <>
            <dt className="font-semibold">Sent</dt>
            <dd>{formatDateTime(message.sentAt)}</dd>
          </>
        ) : null}
        {message.lastError ? (
          <>
            <dt className="font-semibold">Last error</dt>
            <dd className="text-destructive">{message.lastError}</dd>
          </>
        ) : null}
      </dl>
      {message.status === "failed" ? <RetryEmailButton id={message.id} /> : null}
      <h2 className="mt-8 text-lg font-semibold">Message</h2>
      <pre
        data-testid="email-text"
        className="mt-2 overflow-x-auto rounded-xl border bg-card p-4 text-sm whitespace-pre-wrap"
      >
        {message.text}
      </pre>
    </article>
  );
}
