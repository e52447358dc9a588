import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import { db } from "@/db";
import { contactMessages, users } from "@/db/schema";
import { renderEmail } from "@/server/email/render";
import { transactionWithEmail } from "@/server/email/outbox";
import { consumeOrThrow, type LimitPolicy } from "@/server/rate-limit";
import { getSiteSettings } from "@/server/settings";
import type { z } from "@/lib/validation";
import type { contactMessageSchema } from "./schemas";

const CONTACT_IP_POLICY: LimitPolicy = { keyPrefix: "contact_ip", points: 5, durationSeconds: 60 * 60 };

/**
 * Stores a message from the FAQ or contact form and emails it to every administrator and to the
 * site's contact address (decisions.md: unwired forms store what was sent and email the right people).
 */
export async function sendContactMessage(input: z.output<typeof contactMessageSchema>, ip: string): Promise<void> {
  await consumeOrThrow(CONTACT_IP_POLICY, ip, "You have sent several messages already. Please try again later.");
  const settings = await getSiteSettings();
  await transactionWithEmail(async (tx, queueEmail) => {
    const [row] = await tx.insert(contactMessages).values(input).returning({ id: contactMessages.id });
    const admins = await tx.select({ email: users.email }).from(users).where(and(eq(users.isAdmin, true), isNull(users.disabledAt)));
    const recipients = new Set([settings.contactEmail, ...admins.map((a) => a.email)].filter(Boolean).map((e) => e.toLowerCase()));
    const body = renderEmail({
      siteName: settings.siteName,
      heading: `New message: ${input.subject}`,
      paragraphs: [`From: ${input.name} <${input.email}>`, `Sent from the ${input.source === "faq" ? "FAQ" : "Contact"} page (message #${row!.id}).`, input.message],
      footer: "Reply to this email to answer the sender.",
    });
    for (const to of recipients) {
      await queueEmail({ to, kind: "contact-message", subject: `[${settings.siteName}] ${input.subject}`, headers: { "Reply-To": input.email }, ...body });
    }
  });
}

/** How many messages the admin screen shows; older ones stay in the database and in the admins' mail. */
export const CONTACT_MESSAGES_SHOWN = 200;

/** The newest messages first, for the admins' Contact Messages screen. */
export async function listContactMessages(limit = CONTACT_MESSAGES_SHOWN) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit);
}
