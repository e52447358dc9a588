import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
// The file itself: Next.js externalises nodemailer and Node.js imports no directory (ESM).
import SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import { env } from "@/lib/env";

/**
 * The longest one delivery attempt may take (SMTP_ATTEMPT_SECONDS, 60 by default). nodemailer's own
 * limits (DNS, connecting, the greeting, each reply of the server) add up to less; an attempt still
 * going after this counts as failed.
 */
export const smtpAttemptSeconds = (): number => env().SMTP_ATTEMPT_SECONDS;

let transporter: Transporter | undefined;

/**
 * The header fields DKIM signs: nodemailer's own list and List-Unsubscribe-Post, which RFC 8058
 * section 4 asks to be signed with List-Unsubscribe (nodemailer signs only the latter).
 */
const SIGNED_HEADERS = [
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding",
  "Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID",
  "In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post",
  "List-Owner:List-Archive",
].join(":");

/** The SMTP transport, or null when SMTP_URL is not set (messages then wait in the outbox). */
export function smtpTransport(): Transporter | null {
  const url = env().SMTP_URL;
  if (!url) return null;
  const { DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY } = env();
  // Signs every message (RFC 6376); the public key is published at <selector>._domainkey.<domain>.
  const dkim =
    DKIM_DOMAIN && DKIM_SELECTOR && DKIM_PRIVATE_KEY
      ? {
          domainName: DKIM_DOMAIN,
          keySelector: DKIM_SELECTOR,
          privateKey: DKIM_PRIVATE_KEY.replace(/\\n/g, "\n"),
          headerFieldNames: SIGNED_HEADERS,
        }
      : undefined;
  // A transport of our own: createTransport({ url, ... }) keeps the URL's settings and drops the rest.
  // nodemailer waits up to 2 minutes to connect and 10 minutes for a silent server by default.
  transporter ??= nodemailer.createTransport(
    new SMTPTransport({
      url,
      dnsTimeout: 10_000,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    }),
    { dkim },
  );
  return transporter;
}

export function fromAddress(siteName: string): string {
  return env().EMAIL_FROM ?? `"${siteName.replace(/"/g, "")}" <no-reply@localhost>`;
}

/**
 * The Message-ID of an outbox row: the same at every attempt and on every instance
 * (docs/decisions/004-email-and-jobs.md), so that a message sent again after a crash is recognisable as
 * the same message and mail clients show it once. Its right side is the site's host (RFC 5322 section
 * 3.6.4: a domain we own, so that no other sender's ids collide with ours).
 */
export function outboxMessageId(row: { id: number; createdAt: Date }): string {
  const domain = env().APP_URL ? new URL(env().APP_URL!).hostname : "localhost";
  return `<outbox.${row.id}.${row.createdAt.getTime()}@${domain}>`;
}
