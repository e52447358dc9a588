import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { BULK_LISTS, type BulkList } from "@/features/email/constants";
import { env } from "@/lib/env";

/**
 * The one unsubscribe of every bulk email (docs/decisions/044-one-unsubscribe.md). Its token names
 * the recipient (a member, or a newsletter subscriber who may not be one) and the list, signed with
 * AUTH_SECRET: "m42-forum_reply-<mac>" (no dot: the proxy takes a
 * dotted address for a file). Nothing is stored, a link never expires (RFC 8058 asks that
 * it work for as long as mail can be read), and a token stops only the list it names.
 */
export type BulkRecipient = { member: number } | { subscriber: number };

const MAC_CHARACTERS = 22; // 132 bits of HMAC-SHA256 in base64url

function mac(subject: string): string {
  return createHmac("sha256", env().AUTH_SECRET)
    .update(`unsubscribe:${subject}`)
    .digest("base64url")
    .slice(0, MAC_CHARACTERS);
}

const recipientPart = (recipient: BulkRecipient) =>
  "member" in recipient ? `m${recipient.member}` : `s${recipient.subscriber}`;

export function unsubscribeToken(recipient: BulkRecipient, list: BulkList): string {
  const subject = `${recipientPart(recipient)}-${list}`;
  return `${subject}-${mac(subject)}`;
}

/** Whom and what a token unsubscribes, or null when it was not made by unsubscribeToken. */
export function readUnsubscribeToken(token: string): { recipient: BulkRecipient; list: BulkList } | null {
  // The MAC is the last 22 characters, so a list with a hyphen ("digest-daily") reads unambiguously.
  const match = /^([ms])([1-9][0-9]{0,9})-([a-z_-]{1,40})-([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const [, audience, id, list, given] = match;
  if (!(BULK_LISTS as readonly string[]).includes(list!)) return null;
  const expected = Buffer.from(mac(`${audience}${id}-${list}`));
  if (!timingSafeEqual(expected, Buffer.from(given!))) return null;
  const recipient = audience === "m" ? { member: Number(id) } : { subscriber: Number(id) };
  return { recipient, list: list as BulkList };
}

export const unsubscribePagePath = (token: string) => `/unsubscribe/${token}`;

/**
 * What makes an email bulk: the page to stop its list (for the email's own text) and the headers
 * mail providers ask of bulk senders (RFC 2369, RFC 8058). List-Unsubscribe names the page itself: a
 * GET shows it with its button, a POST there (src/proxy.ts) unsubscribes at once.
 */
export function bulkEmail(recipient: BulkRecipient, list: BulkList, baseUrl: string) {
  const unsubscribeUrl = `${baseUrl}${unsubscribePagePath(unsubscribeToken(recipient, list))}`;
  return {
    bulk: true as const,
    unsubscribeUrl,
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
