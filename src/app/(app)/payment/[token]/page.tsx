import type { Metadata } from "next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PaymentCheckout, PaymentProblem } from "@/components/money/payment-checkout";
import { StripeTestModeHint } from "@/components/money/stripe-test-mode-hint";
import { holdsAdminRole } from "@/lib/auth/access";
import { env } from "@/lib/env";
import { getCurrentUser } from "@/server/auth/current-user";
import { formatCents } from "@/lib/format";
import { paymentPageFor } from "@/server/money/payment-links";
import { tierCharge } from "@/server/money/pricing";

// The token is the applicant's key to her payment: no referrer carries it to another site.
export const metadata: Metadata = { title: "Payment", robots: { index: false }, referrer: "no-referrer" };

/** /payment/{token}: her application's payment, opened by the link emailed to her; anyone else sees only that the link does not work. */
export default async function PaymentPage({ params }: PageProps<"/payment/[token]">) {
  const { token } = await params;
  const application = await paymentPageFor(token);
  const publishableKey = env().STRIPE_SECRET_KEY ? (env().STRIPE_PUBLISHABLE_KEY ?? null) : null;
  // An administrator trying the demo's money path is told how to turn it on; an applicant is not.
  const viewer = publishableKey ? null : await getCurrentUser();
  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[1fr_1.2fr]">
      <h1 className="text-3xl font-semibold md:col-span-2">Complete Your Payment</h1>
      {!application ? (
        <div className="md:col-span-2">
          <PaymentProblem
            title="This payment link does not work"
            text="It may have expired, or the application it was for is no longer waiting for payment. If you still need to pay, write to us and we will send you a new link."
          />
        </div>
      ) : (
        <>
          <Summary tierId={application.membershipTier} name={`${application.firstName} ${application.lastName}`} />
          <section aria-labelledby="pay-title">
            <h2 id="pay-title" className="sr-only">
              Card details
            </h2>
            <PaymentCheckout publishableKey={publishableKey} token={token} />
          </section>
          {viewer && holdsAdminRole(viewer) ? <StripeTestModeHint /> : null}
        </>
      )}
    </div>
  );
}

async function Summary({ tierId, name }: { tierId: string; name: string }) {
  const charge = await tierCharge(tierId);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Order summary</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p>
          Applicant: <strong>{name}</strong>
        </p>
        <p>
          {charge.title} membership · {charge.durationMonths} months
        </p>
        <p className="text-lg">
          Due today: <strong>{formatCents(charge.amount, charge.currency)}</strong> (first month)
        </p>
        <p className="text-muted-foreground">
          Your card is authorized now and charged only if your application is accepted. If it is not, the hold is
          released and you pay nothing.
        </p>
      </CardContent>
    </Card>
  );
}
