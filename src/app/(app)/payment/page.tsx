import type { Metadata } from "next";
import { PaymentProblem } from "@/components/money/payment-checkout";

export const metadata: Metadata = { title: "Payment", robots: { index: false } };

// An application's payment is reached only through the link emailed to the applicant, /payment/{token};
// nothing in this address (tier, amount, an application's id) opens anything.
export default function PaymentWithoutLinkPage() {
  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-semibold">Complete Your Payment</h1>
      <PaymentProblem
        title="Missing required parameters"
        text="Open the payment link in the email we sent you when you applied. If you cannot find it, write to us and we will send you a new one."
      />
    </div>
  );
}
