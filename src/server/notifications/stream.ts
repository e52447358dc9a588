import "server-only";
import { Client } from "pg";
import { env } from "@/lib/env";
import { tooManyRequests } from "@/lib/errors";
import { latestSeq, notificationsAfter, unreadCounts } from "./queries";
import type { Recipient } from "./visibility";

/**
 * Server-Sent Events for GET /api/notifications/stream. Each instance holds ONE PostgreSQL
 * connection that LISTENs on `notifications` (migration 0021's trigger NOTIFYs the recipient's id on
 * every insert or change, whichever instance or job made it); its open streams are kept in memory
 * by member. Woken, a stream reads what is new since the last event it sent (the activity order
 * `seq`, also the event id), so nothing is lost between a notification and a reconnect: the browser's
 * EventSource sends Last-Event-ID and the stream resumes after it.
 */

/** A comment every 20 s keeps proxies (nginx's 60 s read timeout) and the browser from closing an idle stream. */
const HEARTBEAT_MS = 20_000;
/** A stream ends after 5 minutes and the browser reconnects: the session is then checked again. */
const MAX_STREAM_MS = 5 * 60_000;
/** How soon the browser reconnects after a stream ends or breaks. */
const RETRY_MS = 3_000;
const CHANNEL = "notifications";
/**
 * Live streams one member may hold open on an instance: one per open tab of the site (the page's
 * components share one). Ten tabs is more than anyone reads at once; each stream holds a socket and a
 * little memory here, so one account opening hundreds would tie up the instance for everyone. A stream
 * beyond it is refused (429); the tab still shows her notifications when it loads, only not live. A
 * stream that broke ends within MAX_STREAM_MS, which is as long as its place can stay taken.
 */
export const MAX_STREAMS_PER_MEMBER = 10;
export const TOO_MANY_STREAMS =
  "Your notifications are open live in too many windows. Close some of them, then reload this page.";
/** New notifications of members with a device subscribed to Web Push (migration 0021's trigger). */
const PUSH_CHANNEL = "push";

const encoder = new TextEncoder();

class NotificationStream {
  private lastSeq: number;
  private flushing: Promise<void> | null = null;
  private again = false;
  closed = false;

  constructor(
    readonly user: Recipient,
    private readonly controller: ReadableStreamDefaultController<Uint8Array>,
    lastSeq: number,
  ) {
    this.lastSeq = lastSeq;
  }

  write(text: string) {
    if (this.closed) return;
    try {
      this.controller.enqueue(encoder.encode(text));
    } catch {
      this.closed = true;
    }
  }

  /** Sends what is new; a wake during a flush runs one more flush after it, never two at once. */
  wake(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      do {
        this.again = false;
        await this.flush().catch((error) => console.error("[notifications] stream flush failed", error));
      } while (this.again && !this.closed);
      this.flushing = null;
    })();
    return this.flushing;
  }

  private async flush() {
    if (this.closed) return;
    for (;;) {
      const fresh = await notificationsAfter(this.user, this.lastSeq);
      for (const { seq, notification } of fresh) {
        this.write(`id: ${seq}\nevent: notification\ndata: ${JSON.stringify(notification)}\n\n`);
        this.lastSeq = seq;
      }
      if (fresh.length < 50) break;
    }
    // Read state changes too (another tab marked them read): the counts are always sent.
    this.write(`event: unread\ndata: ${JSON.stringify(await unreadCounts(this.user))}\n\n`);
  }
}

class NotificationHub {
  private readonly streams = new Map<number, Set<NotificationStream>>();
  /** Streams being opened (waiting for the listener or her latest event), by member. */
  private readonly opening = new Map<number, number>();
  private listener: Client | null = null;
  private connecting: Promise<void> | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private pushHandler: ((userId: number) => Promise<unknown>) | null = null;
  private pushPending = new Set<number>();

  get size() {
    let total = 0;
    for (const set of this.streams.values()) total += set.size;
    return total;
  }

  private async listen(): Promise<void> {
    this.connecting ??= (async () => {
      const client = new Client({ connectionString: env().DATABASE_URL, application_name: "community-notifications" });
      client.on("notification", (message) => {
        const userId = Number(message.payload);
        if (message.channel === PUSH_CHANNEL) return this.wakePush(userId);
        for (const stream of this.streams.get(userId) ?? []) void stream.wake();
      });
      client.on("error", (error) => {
        console.error("[notifications] listener lost:", error.message);
        this.reconnectSoon(client);
      });
      client.on("end", () => this.reconnectSoon(client));
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.pushHandler) await client.query(`LISTEN ${PUSH_CHANNEL}`);
      this.listener = client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  /** After a lost connection: listen again, then wake every stream, which reads what it missed. */
  private reconnectSoon(client: Client) {
    if (this.listener !== client) return;
    this.listener = null;
    void client.end().catch(() => {});
    setTimeout(() => {
      if (this.size === 0 && !this.pushHandler) return;
      this.listen().then(
        () => this.forEach((stream) => void stream.wake()),
        () => this.reconnectSoon(client),
      );
    }, 1000).unref();
  }

  /**
   * Pushes go out from here on every instance that runs the job workers: each instance hears the same
   * NOTIFY, and the claim in pushPendingFor lets one of them send each notification. Wakes for one
   * member within 250 ms are one run.
   */
  async startPushDelivery(handler: (userId: number) => Promise<unknown>): Promise<void> {
    this.pushHandler = handler;
    if (this.listener) await this.listener.query(`LISTEN ${PUSH_CHANNEL}`);
    else await this.listen();
  }

  private wakePush(userId: number) {
    if (!this.pushHandler || this.pushPending.has(userId)) return;
    this.pushPending.add(userId);
    setTimeout(() => {
      this.pushPending.delete(userId);
      this.pushHandler?.(userId).catch((error) => console.error("[push] delivery run failed", error));
    }, 250).unref();
  }

  private forEach(work: (stream: NotificationStream) => void) {
    for (const set of this.streams.values()) for (const stream of set) work(stream);
  }

  /** Opens a stream for her: catches up after `lastEventId` (or starts at her latest), then follows. */
  /** Null when she already holds MAX_STREAMS_PER_MEMBER (openNotificationStream answers that 429). */
  async open(
    user: Recipient,
    lastEventId: number | null,
    signal: AbortSignal,
  ): Promise<ReadableStream<Uint8Array> | null> {
    // Her place is taken before the first await, so that streams opened at once cannot pass the cap together.
    const opening = this.opening.get(user.id) ?? 0;
    if ((this.streams.get(user.id)?.size ?? 0) + opening >= MAX_STREAMS_PER_MEMBER) return null;
    this.opening.set(user.id, opening + 1);
    let startSeq: number;
    try {
      if (!this.listener) await this.listen();
      startSeq = lastEventId ?? (await latestSeq(user.id));
    } finally {
      const left = (this.opening.get(user.id) ?? 1) - 1;
      if (left > 0) this.opening.set(user.id, left);
      else this.opening.delete(user.id);
    }
    let stream: NotificationStream;
    let ending: NodeJS.Timeout;
    const close = () => {
      if (stream.closed) return;
      stream.closed = true;
      clearTimeout(ending);
      const set = this.streams.get(user.id);
      set?.delete(stream);
      if (set?.size === 0) this.streams.delete(user.id);
      try {
        controllerRef?.close();
      } catch {
        // already closed by the client
      }
    };
    let controllerRef: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        controllerRef = controller;
        stream = new NotificationStream(user, controller, startSeq);
        const set = this.streams.get(user.id) ?? new Set();
        set.add(stream);
        this.streams.set(user.id, set);
        stream.write(`retry: ${RETRY_MS}\nid: ${startSeq}\n: connected\n\n`);
        void stream.wake();
        ending = setTimeout(close, MAX_STREAM_MS);
        ending.unref();
        this.startHeartbeat();
      },
      cancel: () => close(),
    });
    signal.addEventListener("abort", close, { once: true });
    return body;
  }

  private startHeartbeat() {
    this.heartbeat ??= setInterval(() => {
      this.forEach((stream) => stream.write(": ping\n\n"));
      if (this.size === 0 && this.heartbeat) {
        clearInterval(this.heartbeat);
        this.heartbeat = null;
      }
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }
}

const globalForHub = globalThis as unknown as { notificationHub?: NotificationHub };

/** The instance's hub, one per process. */
export function notificationHub(): NotificationHub {
  globalForHub.notificationHub ??= new NotificationHub();
  return globalForHub.notificationHub;
}

/**
 * GET /api/notifications/stream: her stream, or 429 when she holds as many as she may. The refusal is
 * made here, in the caller's code, not in the hub: the hub is one object per process, shared with the
 * job workers that may have made it, and an error class of theirs is not the caller's.
 */
export async function openNotificationStream(
  user: Recipient,
  lastEventId: number | null,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const body = await notificationHub().open(user, lastEventId, signal);
  if (!body) throw tooManyRequests(MAX_STREAM_MS / 1000, TOO_MANY_STREAMS);
  return body;
}

/** Last-Event-ID as the browser sends it on a reconnect; anything else starts afresh. */
export function parseLastEventId(value: string | null): number | null {
  return value && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : null;
}
