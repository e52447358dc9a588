import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import type { Metadata } from "next";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format";
import { CONTACT_MESSAGES_SHOWN, listContactMessages } from "@/server/contact";

export const metadata: Metadata = { title: "Contact Messages", robots: { index: false } };

export default async function ContactMessagesPage() {
  const viewer = await requirePageAccess(ADMIN);
  const messages = await listContactMessages(viewer);
  return (
    <div>
      <h1 className="text-3xl font-semibold">Contact Messages</h1>
      <p className="mt-2 max-w-3xl text-muted-foreground">
        Messages sent from the Contact and FAQ pages, newest first (the latest {CONTACT_MESSAGES_SHOWN}). Each was also
        emailed to the administrators and the contact address; reply from your email.
      </p>
      {messages.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed p-8 text-center text-muted-foreground">No messages yet.</p>
      ) : (
        <ul className="mt-8 grid gap-4">
          {messages.map((m) => (
            <li key={m.id}>
              <article aria-labelledby={`message-${m.id}`} className="rounded-xl border bg-card p-5">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h2 id={`message-${m.id}`} className="text-lg font-semibold break-words">
                    {m.subject}
                  </h2>
                  <Badge variant="secondary">{m.source === "faq" ? "FAQ page" : "Contact page"}</Badge>
                </div>
                <p className="mt-1 text-sm text-muted-foreground">
                  From {m.name},{" "}
                  <a
                    href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}
                    className="break-all text-primary underline underline-offset-4"
                  >
                    {m.email}
                  </a>
                  , on <time dateTime={m.createdAt.toISOString()}>{formatDateTime(m.createdAt)}</time>
                </p>
                <p className="mt-3 break-words whitespace-pre-wrap">{m.message}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
