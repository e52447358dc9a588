import http from "node:http";
import type { AddressInfo } from "node:net";
import { listenOnLoopback } from "./listen";

export const FAKE_LLM_API_KEY = "fake-llm-api-key";
export const FAKE_LLM_MODEL = "fake-model";

/**
 * Marks in the asker's message that make the fake misbehave, so that tests running at once never share
 * its state. Symbols that PostgreSQL's text search drops, so that they change nothing of what the app
 * retrieves or how it judges whether its passages answer the question.
 */
export const FAKE_LLM_FAIL = "⛔";
export const FAKE_LLM_BREAK = "💔";
export const FAKE_LLM_HANG = "⏳";

interface ChatCompletionRequest {
  model: string;
  messages: Array<{ role: "system" | "user" | "assistant"; content: string }>;
  stream?: boolean;
}

/** What the fake writes: the first passage of the system prompt, quoted, with its link, as a grounded model would. */
function answerFor(request: ChatCompletionRequest): string {
  const system = request.messages.find((m) => m.role === "system")?.content ?? "";
  const passage = /<passage id="\d+" title="([^"]*)" url="([^"]*)">\n([\s\S]*?)\n<\/passage>/.exec(system);
  if (!passage) return "I do not know: the passages do not say.";
  return `From the site: ${passage[3]} See [${passage[1]}](${passage[2]}).`;
}

/**
 * A fake OpenAI-compatible endpoint on 127.0.0.1: POST /v1/chat/completions in the wire format of
 * OpenAI's API reference (https://platform.openai.com/docs/api-reference/chat/create), answering
 * a `chat.completion` object, or with `stream: true` server-sent events of `chat.completion.chunk`
 * objects (choices[].delta.content, a last chunk with finish_reason "stop") ended by `data: [DONE]`
 * (https://platform.openai.com/docs/api-reference/chat-streaming). Errors are OpenAI's
 * `{ error: { message, type, param, code } }`. Tests read what it was sent at GET /_fake/requests.
 */
export async function startFakeLlm() {
  const requests: ChatCompletionRequest[] = [];
  const server = http.createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const error = (status: number, message: string, type: string) =>
      send(status, { error: { message, type, param: null, code: null } });
    if (request.url === "/_fake/requests" && request.method === "GET") return send(200, { requests });
    if (request.url === "/_fake/reset" && request.method === "POST") {
      requests.length = 0;
      return send(200, { ok: true });
    }
    if (request.url !== "/v1/chat/completions" || request.method !== "POST")
      return error(404, "Not found", "invalid_request_error");
    if (request.headers.authorization !== `Bearer ${FAKE_LLM_API_KEY}`)
      return error(401, "Incorrect API key provided.", "invalid_request_error");
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString()) as ChatCompletionRequest;
    requests.push(body);
    const question = body.messages.at(-1)?.content ?? "";
    if (question.includes(FAKE_LLM_FAIL))
      return error(500, "The server had an error while processing your request.", "server_error");
    if (question.includes(FAKE_LLM_HANG)) return; // never answers; the app's timeout must end the wait

    const id = `chatcmpl-${Date.now()}`;
    const created = Math.floor(Date.now() / 1000);
    const text = answerFor(body);
    if (!body.stream) {
      return send(200, {
        id,
        object: "chat.completion",
        created,
        model: body.model,
        choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop", logprobs: null }],
        usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
      });
    }
    response.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    const event = (delta: Record<string, string>, finishReason: string | null) =>
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: body.model, choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }] })}\n\n`;
    response.write(event({ role: "assistant", content: "" }, null));
    const words = text.split(/(?<= )/);
    for (const [i, word] of words.entries()) {
      if (question.includes(FAKE_LLM_BREAK) && i === 3) return response.destroy();
      response.write(event({ content: word }, null));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    response.write(event({}, "stop"));
    response.end("data: [DONE]\n\n");
  });
  await listenOnLoopback(server);
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: {
      LLM_API_BASE_URL: `${baseUrl}/v1`,
      LLM_API_KEY: FAKE_LLM_API_KEY,
      LLM_MODEL: FAKE_LLM_MODEL,
      LLM_TIMEOUT_MS: "3000",
      FAKE_LLM_URL: baseUrl,
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
