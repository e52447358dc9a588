import { MessageCircle } from "lucide-react";

/** The chat-group banner, an external link opened in a new tab. Anchor "whatsapp". */
export function ChatBanner({ url }: { url: string }) {
  if (!url) return null;
  return (
    <section id="whatsapp" aria-labelledby="whatsapp-heading" className="bg-accent">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-12 text-center sm:px-6 md:flex-row md:justify-between md:text-left">
        <div>
          <h2 id="whatsapp-heading" className="text-2xl font-semibold">
            Join the conversation
          </h2>
          <p className="mt-2 text-accent-foreground">
            News, invitations and encouragement from the community, straight to your phone.
          </p>
        </div>
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center gap-2 rounded-md bg-primary px-6 font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <MessageCircle aria-hidden="true" className="size-5" />
          Join WhatsApp Channel
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    </section>
  );
}
