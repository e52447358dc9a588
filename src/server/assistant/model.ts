import "server-only";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { streamText } from "ai";
import { env } from "@/lib/env";

/** Whether an OpenAI-compatible endpoint is configured (LLM_API_BASE_URL and LLM_MODEL). */
export function modelConfigured(): boolean {
  return Boolean(env().LLM_API_BASE_URL && env().LLM_MODEL);
}

/**
 * The model's answer as it is written, through the AI SDK. Throws on any failure (an error
 * answer, a broken stream, the LLM_TIMEOUT_MS deadline) so that the caller can fall back.
 */
export async function* streamModelAnswer(prompt: {
  system: string;
  messages: Array<{ role: "user" | "assistant"; content: string }>;
}): AsyncGenerator<string> {
  const { LLM_API_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_MS } = env();
  const provider = createOpenAICompatible({ name: "llm", baseURL: LLM_API_BASE_URL!, apiKey: LLM_API_KEY });
  const result = streamText({
    model: provider.chatModel(LLM_MODEL!),
    system: prompt.system,
    messages: prompt.messages,
    temperature: 0.2,
    // A retry would only delay the answer without a model, which is always at hand.
    maxRetries: 0,
    timeout: { totalMs: LLM_TIMEOUT_MS },
  });
  for await (const part of result.fullStream) {
    if (part.type === "text-delta") yield part.text;
    else if (part.type === "error") throw part.error instanceof Error ? part.error : new Error(String(part.error));
    else if (part.type === "abort") throw new Error("The model's answer was aborted (timeout).");
  }
}
