import type { Metadata } from "next";
import Link from "next/link";
import { DataTable } from "@/components/ui/data-table";
import { stripeRefusalsQuerySchema } from "@/features/money/schemas";
import { ADMIN } from "@/lib/auth/access";
import { formatDateTime } from "@/lib/format";
import { requirePageAccess } from "@/server/auth/current-user";
import { listStripeRefusals } from "@/server/stripe/refusals";

export const metadata: Metadata = { title: "Stripe Refusals", robots: { index: false } };

const LINK_CLASS = "text-primary underline-offset-4 hover:underline";

/**
 * Each call Stripe refused, a card decline included, newest first (docs/decisions/027-membership-money-in-one-module.md):
 * the call as Stripe's request log names it, whose money it was, what the app was doing, Stripe's own
 * words, and the request id to find it in Stripe's Dashboard.
 */
export default async function StripeRefusalsPage({ searchParams }: PageProps<"/admin/stripe-refusals">) {
  const viewer = await requirePageAccess(ADMIN);
  const parsed = stripeRefusalsQuerySchema.safeParse(await searchParams);
  const { refusals, next } = await listStripeRefusals(viewer, parsed.success ? parsed.data.before : undefined);
  return (
    <div>
      <h1 className="text-3xl font-semibold">Stripe Refusals</h1>
      <p className="mt-2 max-w-3xl text-muted-foreground">
        Calls to Stripe that Stripe refused, newest first. A declined card was shown the card&apos;s reason; any other
        refusal was answered as Stripe&apos;s, and is usually ours to fix. Find a call in Stripe&apos;s Dashboard
        (Developers, Logs) by its request id.
      </p>
      <DataTable
        caption="Calls Stripe refused, newest first"
        columns={["When", "Call", "Member", "What we were doing", "What Stripe said", "Request id"]}
        empty="Stripe has refused no call."
        isEmpty={refusals.length === 0}
        className="mt-6"
      >
        {refusals.map((r) => (
          <tr key={r.id} className="border-b align-top last:border-b-0">
            <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(r.createdAt)}</td>
            <td className="px-4 py-3 font-mono text-xs break-all">{`${r.method} ${r.path}`}</td>
            <td className="px-4 py-3">
              {r.userId ? (
                <Link href={`/admin/members/${r.userId}`} className={LINK_CLASS}>
                  {r.memberName || `Member ${r.userId}`}
                </Link>
              ) : r.applicationId ? (
                <Link href={`/admin/applications/${r.applicationId}`} className={LINK_CLASS}>
                  {`${r.applicantName || `Application ${r.applicationId}`} (applicant)`}
                </Link>
              ) : (
                "None"
              )}
            </td>
            <td className="px-4 py-3">
              {r.operation}
              <span className="block text-muted-foreground">
                {r.answeredStatus === 402 ? "Answered 402, as a declined card" : "Answered 502, as Stripe's refusal"}
              </span>
            </td>
            <td className="max-w-md px-4 py-3 break-words">
              {r.message}
              <span className="mt-1 block font-mono text-xs text-muted-foreground">
                {[String(r.httpStatus), r.type, r.code, r.declineCode, r.param ? `param ${r.param}` : null]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            </td>
            <td className="px-4 py-3 font-mono text-xs break-all">{r.requestId ?? "None"}</td>
          </tr>
        ))}
      </DataTable>
      {next ? (
        <p className="mt-4">
          <Link href={`?before=${next}`} className={LINK_CLASS}>
            Older refusals
          </Link>
        </p>
      ) : null}
    </div>
  );
}
