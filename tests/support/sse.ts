/** One Server-Sent Event as the HTML standard's parser reads it (https://html.spec.whatwg.org/multipage/server-sent-events.html). */
export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/**
 * A Server-Sent Events connection read with fetch: `next(match)` waits for the next event that
 * matches, `close()` ends it. Comments and the retry field are skipped.
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: "text/event-stream", ...headers },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  const reading = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { event: "message", data: "" };
          const data: string[] = [];
          let any = false;
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) continue;
            const colon = line.indexOf(":");
            const field = colon < 0 ? line : line.slice(0, colon);
            const fieldValue = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
            if (field === "data") {
              data.push(fieldValue);
              any = true;
            } else if (field === "event") event.event = fieldValue;
            else if (field === "id") event.id = fieldValue;
          }
          if (!any) continue;
          event.data = data.join("\n");
          events.push(event);
          waiters.splice(0).forEach((wake) => wake());
        }
      }
    } catch {
      // aborted
    } finally {
      ended = true;
      waiters.splice(0).forEach((wake) => wake());
    }
  })();
  let read = 0;
  return {
    status: response.status,
    headers: response.headers,
    /** The next event (after those already returned) for which `match` holds. */
    async next(match: (event: SseEvent) => boolean = () => true, timeoutMs = 60_000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (read < events.length) {
          const event = events[read++]!;
          if (match(event)) return event;
        }
        if (ended) throw new Error("the stream ended");
        if (Date.now() > deadline) throw new Error("no matching event in time");
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 500);
        });
      }
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}
