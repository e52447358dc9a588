import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import {
  ConversationPresence,
  RefreshOnMessage,
  ReportMessageButton,
} from "@/components/messages/conversation-actions";
import { MessageComposer } from "@/components/messages/message-composer";
import { messageListQuerySchema } from "@/features/messages/schemas";
import { SIGNED_IN } from "@/lib/auth/access";
import { AppError } from "@/lib/errors";
import { formatDateTime } from "@/lib/format";
import { pageId } from "@/lib/page-input";
import { bigIdSchema } from "@/lib/validation";
import { cn } from "@/lib/utils";
import { requirePageAccess } from "@/server/auth/current-user";
import { getConversation } from "@/server/messages";

export const metadata: Metadata = { title: "Conversation", robots: { index: false } };

/** /messages/{id}: the conversation, newest messages last, with the composer when she may write. */
export default async function ConversationPage({ params, searchParams }: PageProps<"/messages/[conversationId]">) {
  const me = await requirePageAccess(SIGNED_IN);
  const conversationId = pageId((await params).conversationId, bigIdSchema);
  const query = messageListQuerySchema.safeParse(await searchParams);
  const before = query.success ? query.data.before : undefined;
  const page = await getConversation(me, conversationId, before).catch((error) => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });
  const { conversation, messages } = page;
  const latest = messages[messages.length - 1]?.id ?? null;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <RefreshOnMessage />
      {/* Earlier pages are history: only the latest one holds the conversation open and reads it. */}
      {before ? null : <ConversationPresence conversationId={conversation.id} latestMessageId={latest} />}
      <Link href="/messages" className="text-sm text-primary underline-offset-4 hover:underline">
        ← All messages
      </Link>
      <h1 className="text-2xl font-semibold">
        <Link href={`/profile/${conversation.other.id}`} className="underline-offset-4 hover:underline">
          {conversation.other.name}
        </Link>
      </h1>
      {page.before ? (
        <Link
          href={`/messages/${conversation.id}?before=${page.before}`}
          className="justify-self-center text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Earlier messages
        </Link>
      ) : null}
      <ol aria-label="Messages" className="grid gap-3">
        {messages.map((message) => (
          <li
            key={message.id}
            className={cn("grid max-w-[85%] gap-1", message.fromMe ? "justify-self-end" : "justify-self-start")}
          >
            <p
              className={cn(
                "rounded-2xl px-4 py-2 break-words whitespace-pre-wrap",
                message.fromMe ? "bg-primary text-primary-foreground" : "bg-secondary text-secondary-foreground",
              )}
            >
              <span className="sr-only">{message.fromMe ? "You" : conversation.other.name}: </span>
              {message.body}
            </p>
            <span className={cn("flex gap-3 text-xs text-muted-foreground", message.fromMe && "justify-end")}>
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              {message.fromMe ? null : (
                <ReportMessageButton messageId={message.id} senderName={conversation.other.name} />
              )}
            </span>
          </li>
        ))}
      </ol>
      {before ? (
        <Link
          href={`/messages/${conversation.id}`}
          className="justify-self-center text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Latest messages
        </Link>
      ) : conversation.canReply ? (
        <MessageComposer
          toUserId={conversation.other.id}
          toName={conversation.other.name}
          conversationId={conversation.id}
        />
      ) : (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          {conversation.cannotReplyReason}
        </p>
      )}
    </div>
  );
}
