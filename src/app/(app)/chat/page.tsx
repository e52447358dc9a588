import type { Metadata } from "next";
import Link from "next/link";
import { ChatPanel } from "@/components/assistant/chat-panel";

export const metadata: Metadata = {
  title: "AI Chat",
  description:
    "Ask the community's assistant about membership, prices, events and more: it answers from our own pages and links them.",
  alternates: { canonical: "/chat" },
};

/** Static: who is asking (and her saved conversation) is learned in the browser. */
export default function ChatPage() {
  return (
    <div className="container mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-2 font-serif text-3xl font-semibold">AI Chat</h1>
      <p className="mb-6 text-muted-foreground">
        Ask about membership, prices, events, the blog or anything on our FAQ. Answers come from this site&apos;s own
        pages, with links to them.
      </p>
      <ChatPanel />
      <p className="mt-4 text-sm text-muted-foreground">
        The assistant can make mistakes and is not a substitute for human support. For anything personal, please write
        to us through the{" "}
        <Link href="/contact" className="text-primary underline underline-offset-4">
          contact form
        </Link>
        . Signed-in members&apos; conversations are saved to their account until they delete them; a visitor&apos;s
        stays only in this page.
      </p>
    </div>
  );
}
