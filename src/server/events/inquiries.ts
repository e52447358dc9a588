import "server-only";
import { eventInquiries } from "@/db/schema";
import { adminRecipients } from "@/server/email/admin-recipients";
import { transactionWithEmail } from "@/server/email/outbox";
import { renderEmail } from "@/server/email/render";
import { consumeOrThrow, type LimitPolicy } from "@/server/rate-limit";
import { getSiteSettings } from "@/server/settings";
import type { eventInquirySchema } from "@/features/events/schemas";
import type { z } from "@/lib/validation";

export const INQUIRY_RECEIVED_MESSAGE = "Thank you! We have received your request and will be in touch soon.";
const INQUIRY_IP_POLICY: LimitPolicy = { keyPrefix: "event_inquiry_ip", points: 5, durationSeconds: 60 * 60 };

/**
 * Stores a private-event inquiry and emails it to every admin (or the site's contact address when
 * there is none) in the same transaction.
 */
export async function submitEventInquiry(
  input: z.output<typeof eventInquirySchema>,
  client: { ip: string; baseUrl: string },
): Promise<{ id: number }> {
  await consumeOrThrow(INQUIRY_IP_POLICY, client.ip, "You have sent several requests already. Please try again later.");
  const settings = await getSiteSettings();
  const admins = await adminRecipients();
  const recipients = admins.length ? admins : [settings.contactEmail].filter(Boolean);
  return transactionWithEmail(async (tx, queueEmail) => {
    const [row] = await tx
      .insert(eventInquiries)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        organization: input.organization ?? null,
        eventType: input.eventType,
        preferredDate: input.preferredDate ?? null,
        guestCount: input.guestCount ?? null,
        message: input.message,
      })
      .returning({ id: eventInquiries.id });
    const details = [
      `From: ${input.name} <${input.email}>`,
      input.phone ? `Phone: ${input.phone}` : null,
      input.organization ? `Organization: ${input.organization}` : null,
      `Kind of event: ${input.eventType}`,
      input.preferredDate ? `Preferred date: ${input.preferredDate}` : null,
      input.guestCount ? `Guests: ${input.guestCount}` : null,
    ].filter((line): line is string => line !== null);
    for (const to of recipients) {
      await queueEmail({
        to,
        kind: "event-inquiry",
        subject: `Private event request from ${input.name}`,
        headers: { "Reply-To": input.email },
        ...renderEmail({
          siteName: settings.siteName,
          heading: "New private event request",
          paragraphs: [...details, input.message],
          action: { label: "Open events admin", url: `${client.baseUrl}/admin/events` },
          footer: "Reply to this email to answer the sender directly.",
        }),
      });
    }
    return { id: row!.id };
  });
}
