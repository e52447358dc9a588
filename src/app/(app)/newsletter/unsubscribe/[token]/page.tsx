import type { Metadata } from "next";
import { TokenAction } from "@/components/newsletter/token-action";
import { findByUnsubscribeToken } from "@/server/newsletter";

export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false, follow: false } };

export default async function UnsubscribePage({ params }: PageProps<"/newsletter/unsubscribe/[token]">) {
  const { token } = await params;
  const subscriber = await findByUnsubscribeToken(token);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-semibold">Unsubscribe</h1>
      {!subscriber ? (
        <p className="mt-4 text-muted-foreground">This unsubscribe link is not valid.</p>
      ) : subscriber.status === "unsubscribed" ? (
        <p className="mt-4 text-muted-foreground">
          {subscriber.email} is already unsubscribed. You will receive no more newsletters.
        </p>
      ) : (
        <>
          <p className="mt-4 mb-8 text-muted-foreground">Stop sending the newsletter to {subscriber.email}?</p>
          <TokenAction
            path={`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`}
            label="Unsubscribe"
            pendingLabel="Unsubscribing..."
            done={{ title: "Unsubscribed", text: "You have been unsubscribed. You will receive no more newsletters." }}
          />
        </>
      )}
    </div>
  );
}
