import type { Metadata } from "next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PaymentCheckout, PaymentProblem } from "@/components/payment/payment-checkout";
import { env } from "@/lib/env";
import { formatCents } from "@/lib/format";
import { tierCharge } from "@/server/payments/pricing";
import { getApplicationForPayment } from "@/server/payments/intents";

export const metadata: Metadata = { title: "Payment", robots: { index: false } };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function PaymentPage({ searchParams }: PageProps<"/payment">) {
  const params = await searchParams;
  const applicationId = Number(first(params.applicationId));
  const application = Number.isInteger(applicationId) && applicationId > 0 ? await getApplicationForPayment(applicationId) : null;
  const tierId = application?.membershipTier;

  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[1fr_1.2fr]">
      <h1 className="text-3xl font-semibold md:col-span-2">Complete Your Payment</h1>
      {!application || !tierId || !first(params.tier) ? (
        <div className="md:col-span-2">
          <PaymentProblem title="Missing required parameters" text="We could not find the application to pay for. Please start from the application form." />
        </div>
      ) : (
        <>
          <Summary tierId={tierId} name={`${application.firstName} ${application.lastName}`} />
          <section aria-labelledby="pay-title">
            <h2 id="pay-title" className="sr-only">
              Card details
            </h2>
            <PaymentCheckout publishableKey={env().STRIPE_SECRET_KEY ? (env().STRIPE_PUBLISHABLE_KEY ?? null) : null} applicationId={application.id} tier={tierId} />
          </section>
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
          Your card is authorized now and charged only if your application is accepted. If it is not, the hold is released and you pay nothing.
        </p>
      </CardContent>
    </Card>
  );
}
