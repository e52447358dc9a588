import type { Metadata } from "next";
import { TokenAction } from "@/components/newsletter/token-action";
import { findTopicSubscription } from "@/server/forum";

export const metadata: Metadata = { title: "Stop reply emails", robots: { index: false, follow: false } };

// Public: the link in a reply email works without signing in; the button POSTs (a link scanner changes nothing).
export default async function ForumUnsubscribePage({ params }: PageProps<"/forum-emails/unsubscribe/[token]">) {
  const { token } = await params;
  const subscription = await findTopicSubscription(token);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-semibold">Stop reply emails</h1>
      {!subscription ? (
        <p className="mt-4 text-muted-foreground">This unsubscribe link is not valid.</p>
      ) : subscription.unsubscribedAt ? (
        <p className="mt-4 text-muted-foreground">
          You already receive no emails about &ldquo;{subscription.topicTitle}&rdquo;.
        </p>
      ) : (
        <>
          <p className="mt-4 mb-8 text-muted-foreground">
            Stop emails about new replies in &ldquo;{subscription.topicTitle}&rdquo;?
          </p>
          <TokenAction
            path={`/api/forum/unsubscribe?token=${encodeURIComponent(token)}`}
            label="Stop emails"
            pendingLabel="Saving..."
            done={{ title: "Unsubscribed", text: "You will receive no more emails about this topic." }}
          />
        </>
      )}
    </div>
  );
}
