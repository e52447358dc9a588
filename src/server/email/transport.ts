import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";

let transporter: Transporter | undefined;

/** The SMTP transport, or null when SMTP_URL is not set (messages then wait in the outbox). */
export function smtpTransport(): Transporter | null {
  const url = env().SMTP_URL;
  if (!url) return null;
  transporter ??= nodemailer.createTransport(url);
  return transporter;
}

export function fromAddress(siteName: string): string {
  return env().EMAIL_FROM ?? `"${siteName.replace(/"/g, "")}" <no-reply@localhost>`;
}
