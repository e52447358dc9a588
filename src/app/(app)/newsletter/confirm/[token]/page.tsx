import type { Metadata } from "next";
import Link from "next/link";
import { TokenAction } from "@/components/newsletter/token-action";
import { isConfirmTokenPending } from "@/server/newsletter";

export const metadata: Metadata = { title: "Confirm your subscription", robots: { index: false, follow: false } };

// Opening this page changes nothing (mail scanners open links); the button confirms with a POST.
export default async function ConfirmSubscriptionPage({ params }: PageProps<"/newsletter/confirm/[token]">) {
  const { token } = await params;
  const pending = await isConfirmTokenPending(token);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-semibold">Confirm your subscription</h1>
      {pending ? (
        <>
          <p className="mt-4 mb-8 text-muted-foreground">Press the button to start receiving our newsletter.</p>
          <TokenAction
            path="/api/newsletter/confirm"
            body={{ token }}
            label="Confirm subscription"
            pendingLabel="Confirming..."
            done={{ title: "Subscription confirmed", text: "Thank you! Your subscription is confirmed." }}
          />
        </>
      ) : (
        <p className="mt-4 text-muted-foreground">
          This confirmation link has expired or has already been used.{" "}
          <Link href="/" className="text-primary underline underline-offset-4">
            Subscribe again from the home page
          </Link>
          .
        </p>
      )}
    </div>
  );
}
