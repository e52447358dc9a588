import Link from "next/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime } from "@/lib/format";
import { latestReconciliation } from "@/server/billing/reconcile";

/** The admin dashboard's list of what the daily comparison with Stripe found. */
export async function BillingDifferences() {
  const run = await latestReconciliation();
  if (!run) return null;
  return (
    <Card className="mt-8">
      <CardHeader>
        <CardTitle as="h2">Billing differences</CardTitle>
        <CardDescription>
          Our records compared with Stripe&apos;s on {formatDateTime(run.ranAt)}: {run.checked} memberships checked,{" "}
          {run.differences.length ? `${run.differences.length} differences` : "no differences"}.
        </CardDescription>
      </CardHeader>
      {run.differences.length ? (
        <CardContent>
          <ul className="grid gap-2 text-sm">
            {run.differences.map((d, i) => (
              <li key={i} className="break-words">
                {d.userId ? (
                  <Link className="font-medium text-primary underline" href={`/admin/billing/${d.userId}`}>
                    {d.memberName ?? `Member ${d.userId}`}
                  </Link>
                ) : (
                  <span className="font-medium">Membership {d.membershipId} (no account yet)</span>
                )}
                : {d.field}: ours {d.ours ?? "none"}, Stripe {d.stripe ?? "none"}
              </li>
            ))}
          </ul>
        </CardContent>
      ) : null}
    </Card>
  );
}
