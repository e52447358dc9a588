import type { Metadata } from "next";
import { TokenAction } from "@/components/newsletter/token-action";
import { NOTIFICATION_KIND_LABELS } from "@/features/notifications/constants";
import { unsubscribeQuerySchema } from "@/features/notifications/schemas";
import { findUnsubscribeToken } from "@/server/notifications";

export const metadata: Metadata = { title: "Stop emails", robots: { index: false, follow: false } };

// Public: the link in a notification email works without signing in; the button POSTs (a link scanner changes nothing).
export default async function NotificationUnsubscribePage({
  searchParams,
}: PageProps<"/notification-emails/unsubscribe">) {
  const parsed = unsubscribeQuerySchema.safeParse(await searchParams);
  const owner = parsed.success ? await findUnsubscribeToken(parsed.data.token) : null;
  const what = parsed.success
    ? parsed.data.kind === "digest"
      ? "digest emails"
      : `emails about ${NOTIFICATION_KIND_LABELS[parsed.data.kind].toLowerCase()}`
    : "";
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-semibold">Stop emails</h1>
      {!parsed.success || !owner ? (
        <p className="mt-4 text-muted-foreground">This unsubscribe link is not valid.</p>
      ) : (
        <>
          <p className="mt-4 mb-8 text-muted-foreground">
            Stop {what}, {owner.firstName}? You will still see them in the app.
          </p>
          <TokenAction
            path={`/api/notifications/unsubscribe?token=${encodeURIComponent(parsed.data.token)}&kind=${parsed.data.kind}`}
            label="Stop these emails"
            pendingLabel="Saving..."
            done={{
              title: "Unsubscribed",
              text: `You will receive no more ${what}. You can change this in your notification settings.`,
            }}
          />
        </>
      )}
    </div>
  );
}
