"use client";

import * as React from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Loader2, SendHorizontal, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { useCurrentUser } from "@/hooks/use-auth";
import { toast, toastError } from "@/hooks/use-toast";
import { ApiError, apiRequest } from "@/lib/api-client";
import { CHAT_HISTORY_LIMIT, CHAT_MESSAGE_MAX, type StoredChatMessage } from "@/features/assistant/schemas";
import { ChatMessage, type ChatEntry } from "./chat-message";
import { sendChatMessage } from "./read-chat-stream";

const GREETING: ChatEntry = {
  id: "greeting",
  type: "assistant",
  message:
    "Hello! I am the community's assistant. Ask me about membership and prices, upcoming events, the blog or anything on our FAQ, and I will answer from our own pages with links to them.",
  sources: [],
};
const HISTORY_KEY = ["/api/chatbot/history"] as const;
//
const ERROR_TOAST = { title: "Error", description: "Sorry, I couldn't process your message. Please try again later." };

let counter = 0;
const nextId = () => `local-${++counter}`;

/** The /chat panel: 500px tall, Enter sends, Shift+Enter adds a line. */
export function ChatPanel() {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const [entries, setEntries] = React.useState<ChatEntry[]>([]);
  const [draft, setDraft] = React.useState("");
  const [pending, setPending] = React.useState(false);
  const logRef = React.useRef<HTMLDivElement>(null);
  const inputRef = React.useRef<HTMLTextAreaElement>(null);

  // A member sees her past conversation; a visitor's lives only in this page.
  const history = useQuery({
    queryKey: HISTORY_KEY,
    queryFn: () => apiRequest<{ messages: StoredChatMessage[] }>("GET", "/api/chatbot/history"),
    enabled: user !== null,
  });
  const stored = React.useMemo(
    () =>
      (history.data?.messages ?? []).map((m): ChatEntry => ({
        id: `stored-${m.id}`,
        type: m.type,
        message: m.message,
        sources: m.sources,
      })),
    [history.data],
  );
  const conversation = React.useMemo(() => [...stored, ...entries], [stored, entries]);

  const clear = useMutation({
    mutationFn: () => apiRequest("DELETE", "/api/chatbot/history"),
    onSuccess: () => {
      setEntries([]);
      queryClient.setQueryData(HISTORY_KEY, { messages: [] });
      toast({ title: "Conversation deleted", description: "Your conversation with the assistant has been deleted." });
    },
    onError: () => toastError(ERROR_TOAST.title, ERROR_TOAST.description),
  });

  React.useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [conversation]);

  const updateAnswer = (id: string, change: (entry: ChatEntry) => ChatEntry) =>
    setEntries((list) => list.map((e) => (e.id === id ? change(e) : e)));

  async function send() {
    const message = draft.trim();
    // Blank or whitespace-only messages are not sent.
    if (!message || pending) return;
    const chatHistory = conversation
      .slice(-CHAT_HISTORY_LIMIT)
      .map(({ type, message: text }) => ({ type, message: text }));
    const question: ChatEntry = { id: nextId(), type: "user", message, sources: [] };
    const answerId = nextId();
    setEntries((list) => [...list, question, { id: answerId, type: "assistant", message: "", sources: [] }]);
    setDraft("");
    setPending(true);
    try {
      await sendChatMessage({ message, chatHistory }, (event) => {
        if (event.type === "sources") updateAnswer(answerId, (e) => ({ ...e, sources: event.sources }));
        else if (event.type === "text") updateAnswer(answerId, (e) => ({ ...e, message: e.message + event.text }));
        else if (event.type === "replace") updateAnswer(answerId, (e) => ({ ...e, message: event.text }));
      });
    } catch (error) {
      setEntries((list) => list.filter((e) => e.id !== answerId));
      const description =
        error instanceof ApiError && error.status === 429 && error.serverMessage
          ? error.serverMessage
          : ERROR_TOAST.description;
      toastError(ERROR_TOAST.title, description);
    } finally {
      setPending(false);
    }
  }

  // Back to the input once an answer is done, ready for the next question (she may have sent with the button).
  const wasPending = React.useRef(false);
  React.useEffect(() => {
    if (wasPending.current && !pending) inputRef.current?.focus();
    wasPending.current = pending;
  }, [pending]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const shown = [GREETING, ...conversation].filter((e) => e.type === "user" || e.message || e.sources.length);

  return (
    <section
      aria-labelledby="chat-heading"
      className="flex h-[500px] flex-col rounded-xl border border-border bg-card shadow-sm"
    >
      {/* Wraps: at 320 px the heading and Delete conversation do not fit on one line. */}
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-2">
        <h2 id="chat-heading" className="text-base font-semibold">
          Conversation
        </h2>
        {user ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => clear.mutate()}
            aria-disabled={conversation.length === 0 || pending || undefined}
            pending={clear.isPending}
            pendingLabel="Deleting..."
          >
            <Trash2 aria-hidden="true" />
            Delete conversation
          </Button>
        ) : null}
      </div>
      {/* Positioned, so the messages' screen-reader labels (absolutely placed) stay inside the scroll box:
          without it they were laid out at their place in the whole conversation and lengthened the page below the footer. */}
      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-busy={pending}
        aria-label="Messages"
        tabIndex={0}
        className="relative min-h-0 flex-1 overflow-y-auto px-4 py-4"
      >
        <ul className="grid gap-3">
          {shown.map((entry) => (
            <ChatMessage key={entry.id} entry={entry} />
          ))}
        </ul>
        {pending ? (
          <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" data-testid="chat-spinner" />
            The assistant is answering…
          </p>
        ) : null}
      </div>
      <form
        className="flex items-end gap-2 border-t border-border p-3"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label htmlFor="chat-input" className="sr-only">
          Your message
        </label>
        <Textarea
          id="chat-input"
          ref={inputRef}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          // Read-only, not disabled, while the assistant answers: she keeps her place (docs/decisions/037).
          readOnly={pending}
          maxLength={CHAT_MESSAGE_MAX}
          rows={2}
          placeholder="Ask a question… (Enter sends, Shift+Enter adds a line)"
          className="min-h-12 resize-none"
        />
        <Button type="submit" size="icon" pending={pending} aria-label="Send message">
          {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <SendHorizontal aria-hidden="true" />}
        </Button>
      </form>
    </section>
  );
}
