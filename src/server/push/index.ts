import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import webpush from "web-push";
import { db } from "@/db";
import { pushSubscriptions } from "@/db/schema";
import { notificationLink } from "@/features/notifications/constants";
import type { PushSubscriptionInput } from "@/features/notifications/schemas";
import { env } from "@/lib/env";
import { badRequest, conflict, serviceUnavailable } from "@/lib/errors";

/**
 * Web Push: VAPID keys from the environment (generated into .data/secrets.json on
 * the first `npm start`, like the other local secrets), subscriptions per device, and delivery of
 * her notifications of the kinds she chose to the push service each browser names, through web-push
 * (RFC 8291 payload encryption, RFC 8292 VAPID). Who sends what once is decided in PostgreSQL:
 * a notification is claimed by setting its `pushed_at`, so with several instances each is pushed once.
 */

export const PUSH_NOT_SET_UP = "Push notifications are not set up on this server.";

/** The push services of the browsers that exist (Chrome, Firefox, Safari, Edge), plus PUSH_SERVICE_ORIGINS. */
const KNOWN_PUSH_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/,
  /\.push\.apple\.com$/,
  /\.notify\.windows\.com$/,
];

export function pushConfigured(): boolean {
  return Boolean(env().VAPID_PUBLIC_KEY && env().VAPID_PRIVATE_KEY);
}

export function pushPublicKey(): { publicKey: string } {
  const publicKey = env().VAPID_PUBLIC_KEY;
  if (!publicKey || !pushConfigured()) throw serviceUnavailable(PUSH_NOT_SET_UP);
  return { publicKey };
}

/**
 * A push resource we will POST to: https on a browser's push service (or an origin named in
 * PUSH_SERVICE_ORIGINS), so that a subscription cannot make the server call an address of its choosing.
 */
function checkEndpoint(endpoint: string): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw badRequest("This push subscription is not valid.", { endpoint: "This push subscription is not valid." });
  }
  const extra = (env().PUSH_SERVICE_ORIGINS ?? "")
    .split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
  const known = url.protocol === "https:" && KNOWN_PUSH_HOSTS.some((host) => host.test(url.hostname));
  if (!known && !extra.includes(url.origin))
    throw badRequest("This browser's push service is not supported.", {
      endpoint: "This browser's push service is not supported.",
    });
}

/**
 * Devices a member may receive pushes on. Her phone, a tablet, a laptop or two, a browser or two on
 * each: under ten. A browser that subscribes again gets a new endpoint and the old one is only
 * forgotten when a push to it is refused, so the cap keeps her newest devices rather than refusing her.
 */
export const MAX_PUSH_DEVICES = 10;
export const KEYS_NOT_VALID = "This browser's push keys are not valid. Turn notifications off and on again.";
export const DEVICE_OF_ANOTHER_MEMBER =
  "This browser already receives another account's notifications. Sign in to that account and turn them off there first.";

/** Keys we can encrypt a push for (RFC 8291: a P-256 point of 65 bytes, an auth secret of 16): tried, with web-push itself. */
function encryptsFor(keys: { p256dh: string; auth: string }): boolean {
  try {
    webpush.encrypt(keys.p256dh, keys.auth, "check", "aes128gcm");
    return true;
  } catch {
    return false;
  }
}

/**
 * This device receives her pushes. An endpoint belongs to the member who registered it: another
 * member posting it is refused (409), never given her device. Posting her own again updates its keys
 * (the browser renewed them). Keys that cannot be encrypted for are refused (400). Beyond
 * MAX_PUSH_DEVICES her least recently used device is forgotten; a lock on her devices keeps two posts
 * at once from passing the cap together.
 */
export async function savePushSubscription(userId: number, input: PushSubscriptionInput): Promise<{ ok: true }> {
  if (!pushConfigured()) throw serviceUnavailable(PUSH_NOT_SET_UP);
  checkEndpoint(input.endpoint);
  if (!encryptsFor(input.keys)) throw badRequest(KEYS_NOT_VALID, { keys: KEYS_NOT_VALID });
  const keys = { p256dh: input.keys.p256dh, auth: input.keys.auth };
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('push_subscriptions'), ${userId})`);
    const [saved] = await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: input.endpoint, ...keys })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: keys,
        setWhere: eq(pushSubscriptions.userId, userId),
      })
      .returning({ id: pushSubscriptions.id });
    if (!saved) throw conflict(DEVICE_OF_ANOTHER_MEMBER);
    const devices = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(
        asc(sql`greatest(${pushSubscriptions.lastSuccessAt}, ${pushSubscriptions.createdAt})`),
        asc(pushSubscriptions.id),
      );
    for (const old of devices.slice(0, Math.max(0, devices.length - MAX_PUSH_DEVICES)))
      if (old.id !== saved.id) await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, old.id));
  });
  return { ok: true };
}

export async function deletePushSubscription(userId: number, endpoint: string): Promise<{ ok: true }> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return { ok: true };
}

export async function countPushSubscriptions(userId: number): Promise<number> {
  return db.$count(pushSubscriptions, eq(pushSubscriptions.userId, userId));
}

type ClaimedPush = {
  id: number;
  line: string;
  url: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  subscription_id: number;
};

/**
 * Sends her unpushed notifications of the kinds she pushes to each of her devices. Claiming sets
 * `pushed_at` in one UPDATE, so two instances woken by the same NOTIFY never push one twice. A
 * subscription the push service says is gone (404, 410) is deleted. Answers how many pushes were sent.
 */
export async function pushPendingFor(userId: number | null): Promise<number> {
  if (!pushConfigured()) return 0;
  const { rows } = await db.execute<ClaimedPush>(sql`
    with due as (
      update notifications n set pushed_at = now()
      where n.pushed_at is null and n.read_at is null and n.created_at > now() - interval '10 minutes'
        ${userId === null ? sql`` : sql`and n.user_id = ${userId}`}
        and exists (select 1 from push_subscriptions ps where ps.user_id = n.user_id)
        and exists (select 1 from notification_preferences np where np.user_id = n.user_id and np.kind = n.kind and np.push and np.delivery <> 'off')
        and (n.actor_id is null or not exists (select 1 from forum_blocks b where b.blocker_id = n.user_id and b.blocked_id = n.actor_id))
      returning n.id, n.user_id, n.url, n.actor_id, n.actor_count, n.title
    )
    select due.id, due.url, ps.endpoint, ps.p256dh, ps.auth, ps.id as subscription_id,
      coalesce((select trim(a.first_name || ' ' || a.last_name) || case when due.actor_count = 2 then ' and 1 other' when due.actor_count > 2 then ' and ' || (due.actor_count - 1) || ' others' else '' end || ' ' from users a where a.id = due.actor_id), '') || due.title as line
    from due join push_subscriptions ps on ps.user_id = due.user_id`);
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = env();
  let sent = 0;
  await Promise.all(
    rows.map(async (row) => {
      // web-push encrypts (RFC 8291) and signs (RFC 8292); the request itself goes out with fetch, with a timeout.
      let request: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        request = webpush.generateRequestDetails(
          { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
          JSON.stringify({ title: row.line, url: notificationLink(row.url), tag: `notification-${row.id}` }),
          {
            vapidDetails: { subject: VAPID_SUBJECT, publicKey: VAPID_PUBLIC_KEY!, privateKey: VAPID_PRIVATE_KEY! },
            TTL: 24 * 3600,
            urgency: "normal",
            contentEncoding: "aes128gcm",
          },
        );
      } catch (error) {
        // Keys no push can be encrypted for (saved before they were checked): the device can never be reached.
        console.error(`[push] forgot device ${row.subscription_id}: ${(error as Error).message}`);
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscription_id));
        return;
      }
      try {
        const response = await fetch(request.endpoint, {
          method: "POST",
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : undefined,
          signal: AbortSignal.timeout(10_000),
        });
        if (response.ok) {
          sent++;
          await db
            .update(pushSubscriptions)
            .set({ lastSuccessAt: sql`now()` })
            .where(eq(pushSubscriptions.id, row.subscription_id));
        } else if (response.status === 404 || response.status === 410) {
          // RFC 8030 section 7.3: the subscription is gone for good.
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscription_id));
        } else {
          console.error("[push] delivery refused:", response.status, (await response.text()).slice(0, 200));
        }
      } catch (error) {
        console.error("[push] delivery failed:", (error as Error).message);
      }
    }),
  );
  return sent;
}
