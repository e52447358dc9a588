import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PaymentStatusBadge } from "@/components/profile/payment-history";
import { TransactionActions } from "@/components/admin/money/transaction-actions";
import { KIND_LABEL } from "@/components/billing/types";
import { formatCents, formatDateTime, tierName } from "@/lib/format";
import { pageIdOrNull } from "@/lib/page-input";
import { DEMO_PAYMENT_NOT_REFUNDABLE } from "@/server/money/refunds";
import { getTransactionDetail, isRefundable } from "@/server/money/transactions";

export const metadata: Metadata = { title: "Payment Transaction", robots: { index: false } };

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-2 py-1">
      <dt className="font-medium">{label}</dt>
      <dd className="break-all">{children}</dd>
    </div>
  );
}

export default async function PaymentTransactionPage({ params }: PageProps<"/admin/payment-transactions/[id]">) {
  const viewer = await requirePageAccess(ADMIN);
  const id = pageIdOrNull((await params).id);
  const detail = id === null ? null : await getTransactionDetail(viewer, id);
  const back = (
    <Button asChild variant="outline">
      <Link href="/admin/payment-transactions">{detail ? "Back" : "Back to Transactions"}</Link>
    </Button>
  );
  if (!detail) {
    return (
      <div className="grid justify-items-start gap-4">
        <h1 className="text-3xl font-semibold">Transaction Not Found</h1>
        {back}
      </div>
    );
  }
  const { transaction: t, application: app, user, refunds } = detail;
  const refunded = refunds.filter((r) => r.status !== "failed").reduce((sum, r) => sum + r.amount, 0);
  const refundable = isRefundable(t);
  return (
    <div className="grid gap-6">
      <div>{back}</div>
      <h1 className="text-3xl font-semibold">
        {KIND_LABEL[t.kind] ?? "Payment"} #{t.id}
      </h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Transaction</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="text-sm">
              <Row label="ID">{t.id}</Row>
              <Row label="Amount">{formatCents(t.amount, t.currency)}</Row>
              <Row label="Currency">{t.currency.toUpperCase()}</Row>
              <Row label="Status">
                <PaymentStatusBadge status={t.status} />
              </Row>
              <Row label="Payment method">
                <span className="capitalize">{t.paymentMethod}</span>
                {t.demo ? <span className="ml-2 text-muted-foreground">(demo: not in Stripe)</span> : null}
              </Row>
              <Row label="Membership tier">
                <span>{tierName(t.membershipTier) || "None"}</span>
              </Row>
              <Row label="Kind">{KIND_LABEL[t.kind] ?? t.kind}</Row>
              <Row label="Created">{formatDateTime(t.createdAt)}</Row>
              {t.status === "completed" && t.completedAt ? (
                <Row label="Completed">{formatDateTime(t.completedAt)}</Row>
              ) : null}
              {t.status === "failed" && t.failedAt ? <Row label="Failed">{formatDateTime(t.failedAt)}</Row> : null}
              <Row label="Notes">
                <span className="whitespace-pre-line">{t.notes || "None"}</span>
              </Row>
              <Row label="Stripe payment intent">{t.stripePaymentIntentId ?? "None"}</Row>
              {t.stripeRefundId ? <Row label="Stripe refund">{t.stripeRefundId}</Row> : null}
              {t.refundOfId ? (
                <Row label="Refund of">
                  <Link className="text-primary underline" href={`/admin/payment-transactions/${t.refundOfId}`}>
                    Payment #{t.refundOfId}
                  </Link>
                </Row>
              ) : null}
              {refunds.length ? <Row label="Refunded">{formatCents(refunded, t.currency)}</Row> : null}
            </dl>
          </CardContent>
        </Card>
        <div className="grid gap-6">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Related Application</CardTitle>
            </CardHeader>
            <CardContent className="text-sm">
              {app ? (
                <dl>
                  <Row label="Name">
                    {app.firstName} {app.lastName}
                  </Row>
                  <Row label="Email">{app.email}</Row>
                  <Row label="Status">
                    <span className="capitalize">{app.status}</span>
                  </Row>
                  <Row label="Tier">
                    <span>{tierName(app.membershipTier)}</span>
                  </Row>
                </dl>
              ) : null}
              {app ? (
                <Link className="mt-2 inline-block text-primary underline" href={`/admin/applications/${app.id}`}>
                  View Application
                </Link>
              ) : (
                <p>No related application.</p>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h2">User Information</CardTitle>
            </CardHeader>
            <CardContent className="text-sm">
              {user ? (
                <dl>
                  <Row label="Name">
                    {user.firstName} {user.lastName}
                  </Row>
                  <Row label="Email">{user.email}</Row>
                  <Row label="Username">{user.username}</Row>
                  <Row label="Membership level">
                    <span>{tierName(user.membershipLevel) || "None"}</span>
                  </Row>
                </dl>
              ) : null}
              {user ? (
                <div className="mt-2 flex flex-wrap gap-4">
                  <Link className="text-primary underline" href={`/profile/${user.id}`}>
                    View Profile
                  </Link>
                  <Link className="text-primary underline" href={`/admin/billing/${user.id}`}>
                    View Billing
                  </Link>
                </div>
              ) : (
                <p>No member account yet.</p>
              )}
            </CardContent>
          </Card>
        </div>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Transaction Actions</CardTitle>
        </CardHeader>
        <CardContent>
          <TransactionActions
            id={t.id}
            status={t.status}
            manual={t.paymentMethod === "manual" && t.kind === "payment"}
            refundable={refundable}
            remaining={t.amount - refunded}
            notRefundableReason={t.demo && t.kind === "payment" ? DEMO_PAYMENT_NOT_REFUNDABLE : undefined}
          />
        </CardContent>
      </Card>
    </div>
  );
}
