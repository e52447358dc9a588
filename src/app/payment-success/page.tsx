import type { Metadata } from "next";
import { PaymentResult } from "@/components/money/payment-result";
import { formatCents } from "@/lib/format";
import { paymentOutcome } from "@/server/money/intents";

export const metadata: Metadata = { title: "Payment", robots: { index: false }, referrer: "no-referrer" };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

// The outcome is Stripe's, read on the server, and shown only with the payment link's token the
// payment was made through; nothing in the address can make a failed payment look paid.
export default async function PaymentSuccessPage({ searchParams }: PageProps<"/payment-success">) {
  const params = await searchParams;
  const token = first(params.token) ?? "";
  const outcome = await paymentOutcome(token, first(params.payment_intent) ?? "");
  const retryHref = /^[A-Za-z0-9_-]{20,200}$/.test(token) ? `/payment/${token}` : "/apply";
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <PaymentResult
        ok={outcome.ok}
        amountText={formatCents(outcome.amount, outcome.currency)}
        message={outcome.message}
        retryHref={retryHref}
      />
    </div>
  );
}
