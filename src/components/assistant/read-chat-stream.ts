import { ApiError } from "@/lib/api-client";
import type { ChatRequest, ChatStreamEvent } from "@/features/assistant/schemas";

/**
 * Sends a chat message to POST /api/chatbot/message/stream and calls `onEvent` for each line of
 * the answer (application/x-ndjson) as it arrives. A non-OK answer or an `error` line throws.
 */
export async function sendChatMessage(request: ChatRequest, onEvent: (event: ChatStreamEvent) => void): Promise<void> {
  const response = await fetch("/api/chatbot/message/stream", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(request),
  });
  if (!response.ok || !response.body) {
    const text = await response.text();
    let serverMessage: string | undefined;
    try {
      serverMessage = (JSON.parse(text) as { error?: string }).error;
    } catch {
      serverMessage = undefined;
    }
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, serverMessage);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffered += value;
    const lines = buffered.split("\n");
    buffered = done ? "" : lines.pop()!;
    for (const line of lines) {
      if (!line.trim()) continue;
      const event = JSON.parse(line) as ChatStreamEvent;
      if (event.type === "error") throw new ApiError(500, event.message);
      onEvent(event);
    }
    if (done) return;
  }
}
