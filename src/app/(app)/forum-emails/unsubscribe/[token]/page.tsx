import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { topicTokenUnsubscribePath } from "@/server/forum";

export const metadata: Metadata = { title: "Stop reply emails", robots: { index: false, follow: false } };

// The link in reply emails sent before the one pipeline: it leads to the one unsubscribe page, for replies.
export default async function ForumUnsubscribePage({ params }: PageProps<"/forum-emails/unsubscribe/[token]">) {
  const path = await topicTokenUnsubscribePath((await params).token);
  if (path) redirect(path);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-semibold">Stop reply emails</h1>
      <p className="mt-4 text-muted-foreground">This unsubscribe link is not valid.</p>
    </div>
  );
}
