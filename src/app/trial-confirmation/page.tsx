import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { getSiteSettings } from "@/server/settings";

export const metadata: Metadata = { title: "Free Trial Application Received", robots: { index: false } };

export default async function TrialConfirmationPage() {
  const settings = await getSiteSettings();
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-semibold">Your free trial application is in</h1>
      <p className="mt-4">
        Thank you for applying for a {settings.trialDays}-day free trial. Our team reviews every application personally
        and will let you know within 5 business days. If you are accepted, we will email you an invitation to create
        your member account. There is nothing to pay.
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
