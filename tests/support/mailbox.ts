import { createHash, createVerify, type KeyObject } from "node:crypto";
import type { MailboxMessage } from "../fakes/mailbox";

function mailboxUrl(): string {
  const url = process.env.TEST_MAILBOX_URL;
  if (!url) throw new Error("TEST_MAILBOX_URL is not set: run the tests through `npm test`.");
  return url;
}

export async function messagesTo(address: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${mailboxUrl()}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as MailboxMessage[];
}

/** The next `count` deliveries to the address fail: 451, try later (the default), or 550, no such mailbox. */
export async function rejectNextDeliveries(address: string, count: number, code: 451 | 550 = 451): Promise<void> {
  await fetch(`${mailboxUrl()}/reject`, { method: "POST", body: JSON.stringify({ to: address, count, code }) });
}

/** A received message's header fields in order, unfolded (RFC 5322 section 2.2.3), names as written. */
export function headerFields(raw: string): { name: string; value: string; raw: string }[] {
  const head = raw.slice(0, raw.indexOf("\r\n\r\n"));
  return head
    .split(/\r\n(?![ \t])/)
    .map((field) => ({ name: field.slice(0, field.indexOf(":")), raw: field }))
    .map(({ name, raw: field }) => ({
      name,
      raw: field,
      value: field
        .slice(name.length + 1)
        .replace(/\r\n/g, "")
        .trim(),
    }));
}

/** The value of a message's header field (the first of that name, any case), or undefined. */
export function headerOf(raw: string, name: string): string | undefined {
  return headerFields(raw).find((field) => field.name.toLowerCase() === name.toLowerCase())?.value;
}

/**
 * Checks the message's DKIM-Signature against the public key as a receiving server does (RFC 6376
 * section 6.1.3, relaxed/relaxed canonicalization, rsa-sha256): answers its tags when both the body
 * hash and the signature hold, and throws otherwise.
 */
export function verifyDkim(raw: string, publicKey: KeyObject): Record<string, string> {
  const fields = headerFields(raw);
  const signature = fields.find((field) => field.name.toLowerCase() === "dkim-signature");
  if (!signature) throw new Error("no DKIM-Signature");
  const tags = Object.fromEntries(
    signature.value
      .split(";")
      .map((tag) => tag.trim())
      .filter(Boolean)
      .map((tag) => [tag.slice(0, tag.indexOf("=")).trim(), tag.slice(tag.indexOf("=") + 1).replace(/\s+/g, "")]),
  ) as Record<string, string>;
  if (tags.c !== "relaxed/relaxed" || tags.a !== "rsa-sha256") throw new Error(`unexpected c=${tags.c} a=${tags.a}`);
  const relaxedHeader = (field: { name: string; raw: string }) =>
    `${field.name.toLowerCase().trim()}:${field.raw
      .slice(field.raw.indexOf(":") + 1)
      .replace(/\r\n/g, "")
      .replace(/[ \t]+/g, " ")
      .trim()}`;
  const body = raw.slice(raw.indexOf("\r\n\r\n") + 4);
  const lines = body.split("\r\n").map((line) => line.replace(/[ \t]+/g, " ").replace(/ $/, ""));
  while (lines.length && lines[lines.length - 1] === "") lines.pop();
  const canonicalBody = lines.length ? `${lines.join("\r\n")}\r\n` : "";
  if (createHash("sha256").update(canonicalBody).digest("base64") !== tags.bh) throw new Error("body hash differs");
  const unused = [...fields];
  const signed = tags.h!.split(":").flatMap((name) => {
    const index = unused.map((f) => f.name.toLowerCase()).lastIndexOf(name.trim().toLowerCase());
    return index < 0 ? [] : [`${relaxedHeader(unused.splice(index, 1)[0]!)}\r\n`];
  });
  const withoutB = { name: signature.name, raw: signature.raw.replace(/\bb=[^;]*/, "b=") };
  const data = signed.join("") + relaxedHeader(withoutB);
  if (!createVerify("RSA-SHA256").update(data).verify(publicKey, tags.b!, "base64"))
    throw new Error("the signature does not verify");
  return tags;
}
