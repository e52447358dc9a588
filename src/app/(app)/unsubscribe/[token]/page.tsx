import type { Metadata } from "next";
import Link from "next/link";
import { TokenAction } from "@/components/newsletter/token-action";
import { bulkListLabel } from "@/features/email/constants";
import { describeUnsubscribe } from "@/server/unsubscribe";

export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false, follow: false } };

/**
 * The one unsubscribe page of every bulk email (docs/decisions/044-one-unsubscribe.md). Public: the
 * link works without signing in. Opening it changes nothing (a link scanner opens links); the button
 * POSTs, as the mail provider's one-click does.
 */
export default async function UnsubscribePage({ params }: PageProps<"/unsubscribe/[token]">) {
  const { token } = await params;
  const link = await describeUnsubscribe(token);
  const what = link ? bulkListLabel(link.list) : "";
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-semibold">Unsubscribe</h1>
      {!link ? (
        <p className="mt-4 text-muted-foreground">This unsubscribe link is not valid.</p>
      ) : (
        <>
          <p className="mt-4 mb-8 text-muted-foreground">
            {`Stop sending ${what} to ${link.address}?`}
            {link.member && link.list !== "newsletter" ? " You will still see everything in the app." : null}
          </p>
          <TokenAction
            path={`/api/unsubscribe/${encodeURIComponent(token)}`}
            label="Unsubscribe"
            pendingLabel="Unsubscribing..."
            done={{ title: "Unsubscribed", text: `You have been unsubscribed. You will receive no more ${what}.` }}
          />
          {link.member ? (
            <p className="mt-8 text-sm text-muted-foreground">
              Choose what reaches you, and how, in your{" "}
              <Link href="/notifications/settings" className="text-primary underline underline-offset-4">
                notification settings
              </Link>
              .
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
