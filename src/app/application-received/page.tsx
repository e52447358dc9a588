import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { PAYMENT_LINK_TTL_DAYS } from "@/features/money/constants";

export const metadata: Metadata = { title: "Application Received", robots: { index: false } };

// Where the application form goes for a card application: the same page whether or not the address
// had applied before; the email says which, and carries the payment link.
export default function ApplicationReceivedPage() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-semibold">Check your email to complete your payment</h1>
      <p className="mt-4">
        Thank you for applying. We have sent an email to the address you gave us with a link to pay for your first
        month. Your card is only authorized then, and charged if you are accepted. The link works for{" "}
        {PAYMENT_LINK_TTL_DAYS} days.
      </p>
      <p className="mt-4 text-muted-foreground">
        If the email has not arrived in a few minutes, look in your spam folder, or write to us and we will send it
        again.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Button asChild>
          <Link href="/events">Browse Events</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/">Return to Home</Link>
        </Button>
      </div>
    </div>
  );
}
