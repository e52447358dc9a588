import type { Metadata } from "next";
import Link from "next/link";
import { MessageSettingsForm, RefreshOnMessage } from "@/components/messages/conversation-actions";
import { SquarePen } from "lucide-react";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { conversationListQuerySchema } from "@/features/messages/schemas";
import { SIGNED_IN } from "@/lib/auth/access";
import { formatDateTime } from "@/lib/format";
import { initialsOf } from "@/lib/initials";
import { requirePageAccess } from "@/server/auth/current-user";
import { getMessageSettings, listConversations } from "@/server/messages";

export const metadata: Metadata = { title: "Messages", robots: { index: false } };

/** /messages: her conversations, latest first, with the unread ones marked. */
export default async function MessagesPage({ searchParams }: PageProps<"/messages">) {
  const me = await requirePageAccess(SIGNED_IN);
  const query = conversationListQuerySchema.safeParse(await searchParams);
  const [page, settings] = await Promise.all([
    listConversations(me.id, query.success ? query.data.after : undefined),
    getMessageSettings(me.id),
  ]);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <RefreshOnMessage />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold">Messages</h1>
        <Button asChild>
          <Link href="/messages/new">
            <SquarePen aria-hidden="true" />
            New message
          </Link>
        </Button>
      </div>
      {page.conversations.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
          No conversations yet. Press New message and find her by name, or find someone in the{" "}
          <Link href="/members" className="text-primary underline underline-offset-4">
            member directory
          </Link>
          .
        </p>
      ) : (
        <ul aria-label="Conversations" className="grid gap-2">
          {page.conversations.map((conversation) => {
            const [first = "", ...rest] = conversation.other.name.split(" ");
            return (
              <li key={conversation.id}>
                <Link
                  href={`/messages/${conversation.id}`}
                  className="flex items-center gap-3 rounded-lg border p-3 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <Avatar className="size-11">
                    {conversation.other.profilePicture ? (
                      <AvatarImage src={conversation.other.profilePicture} alt="" />
                    ) : null}
                    <AvatarFallback aria-hidden="true">{initialsOf(first, rest.join(" "))}</AvatarFallback>
                  </Avatar>
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span className="flex items-baseline justify-between gap-2">
                      <span className={conversation.unreadCount ? "font-semibold" : "font-medium"}>
                        {conversation.other.name}
                      </span>
                      {conversation.lastMessage ? (
                        <time
                          dateTime={conversation.lastMessage.createdAt}
                          className="shrink-0 text-xs text-muted-foreground"
                        >
                          {formatDateTime(conversation.lastMessage.createdAt)}
                        </time>
                      ) : null}
                    </span>
                    <span className="truncate text-sm text-muted-foreground">
                      {conversation.lastMessage
                        ? `${conversation.lastMessage.fromMe ? "You: " : ""}${conversation.lastMessage.body}`
                        : ""}
                    </span>
                  </span>
                  {conversation.unreadCount ? (
                    <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                      {conversation.unreadCount}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {page.next ? (
        <Link
          href={`/messages?after=${page.next}`}
          className="justify-self-center text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Older conversations
        </Link>
      ) : null}
      <section aria-labelledby="message-settings" className="grid gap-2 rounded-xl border p-5">
        <h2 id="message-settings" className="sr-only">
          Message settings
        </h2>
        <MessageSettingsForm allowFrom={settings.allowFrom} />
        <p className="text-sm text-muted-foreground">
          Members you block in the forum cannot message you, nor you them.
        </p>
      </section>
    </div>
  );
}
