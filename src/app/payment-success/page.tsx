import type { Metadata } from "next";
import { PaymentResult } from "@/components/payment/payment-result";
import { formatCents } from "@/lib/format";
import { paymentOutcome } from "@/server/payments/intents";

export const metadata: Metadata = { title: "Payment", robots: { index: false } };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

// The outcome is Stripe's, read on the server; nothing in the address can make a failed payment look paid.
export default async function PaymentSuccessPage({ searchParams }: PageProps<"/payment-success">) {
  const params = await searchParams;
  const outcome = await paymentOutcome(first(params.payment_intent) ?? "");
  const applicationId = first(params.applicationId);
  const retryHref = applicationId && /^\d+$/.test(applicationId) ? `/payment?applicationId=${applicationId}&tier=retry` : "/apply";
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <PaymentResult ok={outcome.ok} amountText={formatCents(outcome.amount, outcome.currency)} message={outcome.message} retryHref={retryHref} />
    </div>
  );
}
