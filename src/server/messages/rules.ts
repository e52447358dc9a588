import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { messageSettings, users } from "@/db/schema";
import {
  MENTORS_ONLY_MESSAGE,
  MESSAGE_BLOCKED_MESSAGE,
  MESSAGES_OFF_MESSAGE,
  type MessagePermission,
} from "@/features/messages/constants";
import type { MessageSettings } from "@/features/messages/types";
import { forbidden, notFound } from "@/lib/errors";
import { eitherBlocked } from "@/server/forum";

export const MEMBER_NOT_FOUND = "Member not found.";

export interface Sender {
  id: number;
  isMentor: boolean;
}

/** The member she writes to, if she may: active, not herself, no block either way, and her setting allows it. */
export async function messageableMember(sender: Sender, recipientId: number, executor: Executor = db) {
  if (recipientId === sender.id) throw forbidden("You cannot message yourself.");
  const [recipient] = await executor
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      allowFrom: sql<MessagePermission>`coalesce(${messageSettings.allowFrom}, 'everyone')`,
    })
    .from(users)
    .leftJoin(messageSettings, eq(messageSettings.userId, users.id))
    .where(and(eq(users.id, recipientId), isNull(users.disabledAt), isNull(users.erasedAt)))
    .limit(1);
  if (!recipient) throw notFound(MEMBER_NOT_FOUND);
  const refusal = await refusalFor(sender, recipient.id, recipient.allowFrom);
  if (refusal) throw forbidden(refusal);
  return recipient;
}

/** Why she may not write to the member, or null: the same reasons as messageableMember, as text. */
export async function refusalFor(
  sender: Sender,
  recipientId: number,
  allowFrom: MessagePermission,
): Promise<string | null> {
  if (await eitherBlocked(sender.id, recipientId)) return MESSAGE_BLOCKED_MESSAGE;
  if (allowFrom === "nobody") return MESSAGES_OFF_MESSAGE;
  if (allowFrom === "mentors" && !sender.isMentor) return MENTORS_ONLY_MESSAGE;
  return null;
}

export async function getMessageSettings(userId: number): Promise<MessageSettings> {
  const [row] = await db
    .select({ allowFrom: messageSettings.allowFrom })
    .from(messageSettings)
    .where(eq(messageSettings.userId, userId));
  return { allowFrom: (row?.allowFrom as MessagePermission | undefined) ?? "everyone" };
}

export async function saveMessageSettings(userId: number, settings: MessageSettings): Promise<MessageSettings> {
  await db
    .insert(messageSettings)
    .values({ userId, allowFrom: settings.allowFrom })
    .onConflictDoUpdate({ target: messageSettings.userId, set: { allowFrom: settings.allowFrom } });
  return settings;
}
