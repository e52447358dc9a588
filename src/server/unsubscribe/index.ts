import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/db";
import { users } from "@/db/schema";
import type { BulkList } from "@/features/email/constants";
import type { NotificationKind } from "@/features/notifications/constants";
import { readUnsubscribeToken, unsubscribeToken, type BulkRecipient } from "@/server/email/bulk";
import { memberOfTopicToken } from "@/server/forum";
import { subscriberAddress, subscriberOfOldToken, unsubscribeSubscriber } from "@/server/newsletter";
import { memberOfNotificationToken, stopEmailsOf } from "@/server/notifications";

/**
 * The one unsubscribe of every bulk email (docs/decisions/044-one-unsubscribe.md): the page
 * /unsubscribe/<token> and the one-click POST /api/unsubscribe/<token> both come here. The links of
 * emails sent before it (three schemes: notification emails, forum reply emails, the newsletter) are
 * read here too, and lead to the same place.
 */

/** What an unsubscribe token stops and where those emails go, for the page; null: not a valid link. */
export async function describeUnsubscribe(token: string) {
  const read = readUnsubscribeToken(token);
  if (!read) return null;
  const address = await addressOf(read.recipient);
  return address === null ? null : { list: read.list, address, member: "member" in read.recipient };
}

/** Stops the list the token names, for its recipient only; false: not a valid link. Idempotent. */
export async function unsubscribe(token: string): Promise<boolean> {
  const read = readUnsubscribeToken(token);
  if (!read) return false;
  if ("subscriber" in read.recipient)
    return read.list === "newsletter" && unsubscribeSubscriber(read.recipient.subscriber);
  if (read.list === "newsletter" || (await addressOf(read.recipient)) === null) return false;
  await stopEmailsOf(read.recipient.member, read.list);
  return true;
}

async function addressOf(recipient: BulkRecipient): Promise<string | null> {
  if ("subscriber" in recipient) return subscriberAddress(recipient.subscriber);
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, recipient.member)).limit(1);
  return row?.email ?? null;
}

/** A link of an email sent before the one unsubscribe. */
export type OldUnsubscribeLink =
  | { scheme: "notification-emails"; token: string; kind: NotificationKind | "digest" }
  | { scheme: "forum-emails"; token: string }
  | { scheme: "newsletter"; token: string };

/** The one unsubscribe's token for an old link (the old digest link stopped the weekly digest); null: unknown. */
export async function tokenOfOldLink(link: OldUnsubscribeLink): Promise<string | null> {
  if (link.scheme === "newsletter") {
    const subscriber = await subscriberOfOldToken(link.token);
    return subscriber === null ? null : unsubscribeToken({ subscriber }, "newsletter");
  }
  const member =
    link.scheme === "forum-emails" ? await memberOfTopicToken(link.token) : await memberOfNotificationToken(link.token);
  if (member === null) return null;
  const list: BulkList =
    link.scheme === "forum-emails" ? "forum_reply" : link.kind === "digest" ? "digest-weekly" : link.kind;
  return unsubscribeToken({ member }, list);
}

/** An old email's one-click POST: stops what its link stopped; false for an unknown token. */
export async function unsubscribeOldLink(link: OldUnsubscribeLink): Promise<boolean> {
  const token = await tokenOfOldLink(link);
  return token !== null && unsubscribe(token);
}
