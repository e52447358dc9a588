import Markdown from "react-markdown";
import { cn } from "@/lib/utils";
import type { ChatSource } from "@/features/assistant/schemas";

export interface ChatEntry {
  id: string;
  type: "user" | "assistant";
  message: string;
  sources: ChatSource[];
}

/** One message of the conversation; the assistant's is Markdown without raw HTML, with its sources. */
export function ChatMessage({ entry }: { entry: ChatEntry }) {
  const mine = entry.type === "user";
  return (
    <li className={cn("flex", mine ? "justify-end" : "justify-start")}>
      <div
        className={cn(
          "max-w-[85%] rounded-lg px-4 py-3 text-sm break-words",
          mine ? "bg-primary text-primary-foreground" : "bg-muted text-foreground",
        )}
      >
        <p className="sr-only">{mine ? "You said:" : "The assistant said:"}</p>
        {mine ? (
          <p className="whitespace-pre-wrap">{entry.message}</p>
        ) : (
          // react-markdown ignores embedded HTML and drops unsafe link protocols.
          <div className="prose-chat">
            <Markdown>{entry.message}</Markdown>
          </div>
        )}
        {entry.sources.length > 0 ? (
          <div className="mt-3 border-t border-border pt-2">
            <p className="text-xs font-semibold">Sources</p>
            <ul className="mt-1 grid text-xs">
              {entry.sources.map((source) => (
                <li key={source.url}>
                  {/* A list of links, not links in a sentence: each at least 24 px tall (WCAG 2.5.8). */}
                  <a href={source.url} className="inline-block py-1 text-primary underline underline-offset-4">
                    {source.title}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </li>
  );
}
