import "server-only";
import { tooManyRequests } from "@/lib/errors";
import type { LevelSubject } from "@/lib/auth/access";
import { recordUse, type LimitPolicy } from "@/server/rate-limit";
import { getSiteSettings } from "@/server/settings";
import { composeExtractiveAnswer, selectPassages, sourcesOf, type AnswerPassage } from "./compose";
import { extractAnswer } from "./extract";
import { answerFromData } from "./intents";
import { splitSentences } from "./sentences";
import { saveExchange } from "./history";
import { modelConfigured, streamModelAnswer } from "./model";
import { buildModelPrompt } from "./prompt";
import { retrievePassages } from "./retrieve";
import { relationsOf } from "./word-relations";
import type { ChatAnswer, ChatRequest, ChatSource, ChatStreamEvent } from "@/features/assistant/schemas";

/** Per member, or per address for visitors. */
const CHAT_LIMIT: LimitPolicy = { keyPrefix: "chat_message", points: 20, durationSeconds: 5 * 60 };

export async function checkChatRateLimit(user: { id: number } | null, ip: string): Promise<void> {
  const wait = await recordUse(CHAT_LIMIT, user ? `user:${user.id}` : `ip:${ip}`);
  if (wait > 0)
    throw tooManyRequests(
      wait,
      `You are sending messages faster than the assistant can answer. Please wait ${wait} seconds and try again.`,
    );
}

/** Passages retrieved (their sentences are ranked), and passages given to the model. */
const RETRIEVED_PASSAGES = 8;
const MODEL_PASSAGES = 5;

/**
 * Answers one chat message from the site's own content, as events (sources, then text as it is
 * written). With a model configured the model writes the answer from the retrieved passages; if it
 * fails, times out or is not configured, the answer is built from the passages themselves.
 * A signed-in member's exchange is stored; a visitor's is not. It is stored however the answer ends:
 * one she leaves while it is written (a reload cancels the stream) is kept as far as it was sent.
 */
export async function* answerChat(
  request: ChatRequest,
  user: (LevelSubject & { id: number }) | null,
): AsyncGenerator<ChatStreamEvent> {
  const fromPassages = await answerWithoutModel(request.message, user);
  // What she has been sent so far: stored as it stands when the answer ends, however it ends.
  let answer = "";
  let sources = fromPassages.sources;
  try {
    // With nothing that answers, this is the plain "found nothing, ask us" answer; the model is not asked.
    if (fromPassages.passages.length && modelConfigured()) {
      sources = sourcesOf(fromPassages.passages);
      yield { type: "sources", sources };
      try {
        const prompt = buildModelPrompt({
          siteName: (await getSiteSettings()).siteName,
          passages: fromPassages.passages,
          history: request.chatHistory,
          question: request.message,
        });
        for await (const text of streamModelAnswer(prompt)) {
          answer += text;
          yield { type: "text", text };
        }
        if (!answer.trim()) throw new Error("The model answered nothing.");
      } catch (error) {
        console.error(
          "[assistant] the model failed; answering from the passages:",
          error instanceof Error ? error.message : error,
        );
        const replaced = answer !== "";
        ({ text: answer, sources } = fromPassages);
        yield replaced ? { type: "replace", text: answer } : { type: "text", text: answer };
        yield { type: "sources", sources };
      }
    } else {
      yield { type: "sources", sources };
      answer = fromPassages.text;
      yield { type: "text", text: answer };
    }
  } finally {
    if (user && answer.trim()) await saveExchange(user.id, request.message, answer, sources);
  }
  yield { type: "done" };
}

/**
 * The answer from the site itself: from its data for prices and coming events (those she may
 * attend), otherwise the sentences of the retrieved passages that best answer the question, the
 * answering one first, citing its page; plainly "nothing found" when none does. Her words count with
 * the words WordNet relates to them (word-relations.ts). Also the passages, in that order, for a model.
 */
async function answerWithoutModel(
  question: string,
  user: LevelSubject | null,
): Promise<{ text: string; sources: ChatSource[]; passages: AnswerPassage[] }> {
  const [relations, data] = await Promise.all([relationsOf(question), answerFromData(question, user)]);
  const retrieved = await retrievePassages(question, relations, user, RETRIEVED_PASSAGES);
  const extraction = await extractAnswer(question, relations, selectPassages(retrieved, RETRIEVED_PASSAGES));
  if (data) {
    const passages = [data, ...extraction.ordered].slice(0, MODEL_PASSAGES);
    return {
      text: composeExtractiveAnswer({ sentences: splitSentences(data.body), from: data }),
      sources: sourcesOf(passages),
      passages,
    };
  }
  if (!extraction.answer) return { text: composeExtractiveAnswer(null), sources: [], passages: [] };
  // The model is given the answering passage first, as the answer without a model cites it first.
  const from = extraction.answer.from;
  const passages = [from, ...extraction.ordered.filter((p) => p !== from)].slice(0, MODEL_PASSAGES);
  const cited = [extraction.answer.from, ...(extraction.seeAlso ? [extraction.seeAlso.from] : []), ...passages];
  return { text: composeExtractiveAnswer(extraction.answer, extraction.seeAlso), sources: sourcesOf(cited), passages };
}

/** The whole answer at once (POST /api/chatbot/message). */
export async function collectAnswer(events: AsyncIterable<ChatStreamEvent>): Promise<ChatAnswer> {
  const answer: ChatAnswer = { response: "", sources: [] };
  for await (const event of events) {
    if (event.type === "sources") answer.sources = event.sources;
    else if (event.type === "text") answer.response += event.text;
    else if (event.type === "replace") answer.response = event.text;
  }
  return answer;
}

/** The answer as it is written, one JSON event per line (POST /api/chatbot/message/stream). */
export async function streamAnswerResponse(events: AsyncGenerator<ChatStreamEvent>): Promise<Response> {
  const encoder = new TextEncoder();
  // The first event comes after retrieval: a failure there is still an ordinary error response.
  let pending: Promise<IteratorResult<ChatStreamEvent>> | null = Promise.resolve(await events.next());
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await (pending ?? events.next());
        pending = null;
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`));
      } catch (error) {
        console.error("[assistant] could not answer", error);
        controller.enqueue(
          encoder.encode(
            `${JSON.stringify({ type: "error", message: "The assistant could not answer." } satisfies ChatStreamEvent)}\n`,
          ),
        );
        controller.close();
      }
    },
    async cancel() {
      await events.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
    },
  });
}
