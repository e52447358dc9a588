import "server-only";
import { keysetPage } from "@/server/pagination";
import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Transaction } from "@/db/client";
import { conversations, messages, messageSettings, notifications, users } from "@/db/schema";
import {
  CONVERSATION_OPEN_SECONDS,
  CONVERSATION_PAGE_SIZE,
  MESSAGE_PAGE_SIZE,
  MESSAGES_PER_MINUTE,
  NEW_CONVERSATIONS_PER_DAY,
  type MessagePermission,
} from "@/features/messages/constants";
import type { SendMessageInput } from "@/features/messages/schemas";
import type { ConversationPage, ConversationSummary, MemberSummary, MessageView } from "@/features/messages/types";
import { notFound, tooManyRequests } from "@/lib/errors";
import { encodeCursor } from "@/lib/validation";
import { notifyMember } from "@/server/notifications";
import { consumeOrThrow, recordUse, type LimitPolicy } from "@/server/rate-limit";
import { messageableMember, refusalFor, type Sender } from "./rules";

export const CONVERSATION_NOT_FOUND = "Conversation not found.";
const NEW_CONVERSATIONS: LimitPolicy = {
  keyPrefix: "messages_new_conversation",
  points: NEW_CONVERSATIONS_PER_DAY,
  durationSeconds: 86_400,
};
/** Every message she sends, in new and existing conversations alike (MESSAGES_PER_MINUTE says why 30). */
const MESSAGES_SENT: LimitPolicy = { keyPrefix: "messages_sent", points: MESSAGES_PER_MINUTE, durationSeconds: 60 };

const pair = (a: number, b: number) => (a < b ? { lowUserId: a, highUserId: b } : { lowUserId: b, highUserId: a });
const nameOf = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();
/** Her side of a conversation row: which last-read column is hers. */
const isLow = (conversation: { lowUserId: number }, userId: number) => conversation.lowUserId === userId;

/** A conversation she takes part in; 404 for anyone else, as for one that does not exist. */
export async function ownConversation(userId: number, conversationId: number) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        or(eq(conversations.lowUserId, userId), eq(conversations.highUserId, userId)),
      ),
    )
    .limit(1);
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return row;
}

/** GET /api/messages: her conversations, latest activity first, each with the other member, the last message and her unread count. */
export async function listConversations(
  userId: number,
  key?: readonly [lastMessageAt: string, id: number],
): Promise<{ conversations: ConversationSummary[]; next: string | null }> {
  const { rows } = await db.execute<{
    id: number;
    last_message_at: string;
    other_id: number;
    first_name: string;
    last_name: string;
    profile_picture: string | null;
    body: string | null;
    sender_id: number | null;
    sent_at: Date | null;
    unread: number;
  }>(sql`
    select c.id, c.last_message_at::text as last_message_at, o.id as other_id, o.first_name, o.last_name, o.profile_picture,
      last.body, last.sender_id, last.created_at as sent_at,
      (select count(*)::int from messages m where m.conversation_id = c.id and m.sender_id <> ${userId}
         and m.id > case when c.low_user_id = ${userId} then c.low_last_read_id else c.high_last_read_id end) as unread
    from conversations c
    join users o on o.id = case when c.low_user_id = ${userId} then c.high_user_id else c.low_user_id end
    left join lateral (select m.body, m.sender_id, m.created_at from messages m where m.conversation_id = c.id order by m.id desc limit 1) last on true
    where (c.low_user_id = ${userId} or c.high_user_id = ${userId}) and last.body is not null
      ${key ? sql`and (c.last_message_at, c.id) < (${key[0]}::timestamptz, ${key[1]})` : sql``}
    order by c.last_message_at desc, c.id desc
    limit ${CONVERSATION_PAGE_SIZE + 1}`);
  const { page, next } = keysetPage(rows, CONVERSATION_PAGE_SIZE, (last) =>
    encodeCursor([last.last_message_at, Number(last.id)]),
  );
  return {
    conversations: page.map((row) => ({
      id: Number(row.id),
      other: {
        id: row.other_id,
        name: nameOf({ firstName: row.first_name, lastName: row.last_name }),
        profilePicture: row.profile_picture,
      },
      lastMessage:
        row.body === null
          ? null
          : {
              body: row.body.slice(0, 200),
              fromMe: row.sender_id === userId,
              createdAt: new Date(row.sent_at!).toISOString(),
            },
      unreadCount: row.unread,
    })),
    next,
  };
}

async function memberSummary(userId: number): Promise<MemberSummary & { allowFrom: MessagePermission }> {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePicture: users.profilePicture,
      allowFrom: sql<MessagePermission>`coalesce(${messageSettings.allowFrom}, 'everyone')`,
    })
    .from(users)
    .leftJoin(messageSettings, eq(messageSettings.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return { id: row.id, name: nameOf(row), profilePicture: row.profilePicture, allowFrom: row.allowFrom };
}

/** GET /api/messages/{id}: a page of messages, the newest first by default, `before` for earlier ones. */
export async function getConversation(
  viewer: Sender,
  conversationId: number,
  before?: number,
): Promise<ConversationPage> {
  const conversation = await ownConversation(viewer.id, conversationId);
  const otherId = isLow(conversation, viewer.id) ? conversation.highUserId : conversation.lowUserId;
  const [other, rows] = await Promise.all([
    memberSummary(otherId),
    db
      .select({ id: messages.id, body: messages.body, senderId: messages.senderId, createdAt: messages.createdAt })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), before ? lt(messages.id, before) : undefined))
      .orderBy(desc(messages.id))
      .limit(MESSAGE_PAGE_SIZE + 1),
  ]);
  // Newest first: the page's last row is its oldest message, the one an earlier page comes before.
  const { page, next } = keysetPage(rows, MESSAGE_PAGE_SIZE, (last) => String(last.id));
  const refusal = await refusalFor(viewer, otherId, other.allowFrom);
  // She may always answer a member who wrote to her, whatever her own settings; the other's settings
  // and blocks decide whether she may write, as for a new conversation.
  return {
    conversation: {
      id: conversation.id,
      other: { id: other.id, name: other.name, profilePicture: other.profilePicture },
      canReply: refusal === null,
      cannotReplyReason: refusal,
    },
    messages: page.reverse().map((m): MessageView => ({
      id: m.id,
      body: m.body,
      fromMe: m.senderId === viewer.id,
      createdAt: m.createdAt.toISOString(),
    })),
    before: next,
  };
}

/** The recipient's unread messages in a conversation (her side's last-read column). */
async function unreadFor(tx: Transaction, conversationId: number, recipientId: number): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from messages m join conversations c on c.id = m.conversation_id
    where c.id = ${conversationId} and m.sender_id <> ${recipientId}
      and m.id > case when c.low_user_id = ${recipientId} then c.low_last_read_id else c.high_last_read_id end`);
  return rows[0]?.n ?? 0;
}

/**
 * POST /api/messages: writes to the member, in their conversation (made on the first message, which
 * counts against her daily limit of new conversations). Every message counts against her limit per
 * minute, counted before it is written, so a burst sent at once stops at the limit too. The recipient
 * is notified (one notification per conversation while unread: "sent you 3 messages").
 */
export async function sendMessage(
  sender: Sender,
  input: SendMessageInput,
): Promise<{ conversationId: number; message: MessageView }> {
  const recipient = await messageableMember(sender, input.toUserId);
  const wait = await recordUse(MESSAGES_SENT, String(sender.id));
  if (wait > 0)
    throw tooManyRequests(
      wait,
      `You are sending messages faster than anyone could read them. Please wait ${wait} seconds and try again.`,
    );
  const ids = pair(sender.id, recipient.id);
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.lowUserId, ids.lowUserId), eq(conversations.highUserId, ids.highUserId)));
  if (!existing)
    await consumeOrThrow(
      NEW_CONVERSATIONS,
      String(sender.id),
      `You can start at most ${NEW_CONVERSATIONS_PER_DAY} new conversations a day. Please try again tomorrow.`,
    );
  return db.transaction(async (tx) => {
    await tx.insert(conversations).values(ids).onConflictDoNothing();
    const [conversation] = await tx
      .select({
        id: conversations.id,
        lowUserId: conversations.lowUserId,
        recipientHasItOpen: sql<boolean>`${isLow(ids, recipient.id) ? conversations.lowOpenUntil : conversations.highOpenUntil} > now()`,
      })
      .from(conversations)
      .where(and(eq(conversations.lowUserId, ids.lowUserId), eq(conversations.highUserId, ids.highUserId)))
      .for("update");
    const [message] = await tx
      .insert(messages)
      .values({ conversationId: conversation!.id, senderId: sender.id, body: input.body })
      .returning();
    const senderSide = isLow(conversation!, sender.id)
      ? { lowLastReadId: message!.id }
      : { highLastReadId: message!.id };
    // The recipient reads it at once if she has the conversation open on a screen.
    const recipientSide = !conversation!.recipientHasItOpen
      ? {}
      : isLow(conversation!, recipient.id)
        ? { lowLastReadId: message!.id }
        : { highLastReadId: message!.id };
    await tx
      .update(conversations)
      .set({ lastMessageAt: message!.createdAt, ...senderSide, ...recipientSide })
      .where(eq(conversations.id, conversation!.id));
    const unread = await unreadFor(tx, conversation!.id, recipient.id);
    // Read already when she has it open: her counts do not rise, no email or push goes out, and her
    // open page still hears of it on the stream (docs/decisions/034-finding-your-way.md).
    await notifyMember(tx, {
      userId: recipient.id,
      kind: "direct_message",
      actorId: sender.id,
      title: unread > 1 ? `sent you ${unread} messages` : "sent you a message",
      url: `/messages/${conversation!.id}`,
      groupKey: `conversation:${conversation!.id}`,
      read: conversation!.recipientHasItOpen,
    });
    return {
      conversationId: conversation!.id,
      message: { id: message!.id, body: message!.body, fromMe: true, createdAt: message!.createdAt.toISOString() },
    };
  });
}

/**
 * POST /api/messages/{id}/read: she has it open on a screen and has read it to the latest message; its
 * notification is read too. It stays open for her for CONVERSATION_OPEN_SECONDS unless renewed.
 */
export async function markConversationRead(userId: number, conversationId: number): Promise<{ unreadCount: number }> {
  const conversation = await ownConversation(userId, conversationId);
  const latest = sql`coalesce((select max(id) from messages where conversation_id = ${conversationId}), 0)`;
  const openUntil = sql`now() + make_interval(secs => ${CONVERSATION_OPEN_SECONDS})`;
  await db.transaction(async (tx) => {
    await tx
      .update(conversations)
      .set(
        isLow(conversation, userId)
          ? { lowLastReadId: latest, lowOpenUntil: openUntil }
          : { highLastReadId: latest, highOpenUntil: openUntil },
      )
      .where(eq(conversations.id, conversationId));
    await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.groupKey, `conversation:${conversationId}`),
          sql`${notifications.readAt} is null`,
        ),
      );
  });
  return { unreadCount: 0 };
}

/** POST /api/messages/{id}/close: she left the conversation (or hid its tab); new messages count as unread again. */
export async function closeConversation(userId: number, conversationId: number): Promise<{ ok: true }> {
  const conversation = await ownConversation(userId, conversationId);
  await db
    .update(conversations)
    .set(isLow(conversation, userId) ? { lowOpenUntil: null } : { highOpenUntil: null })
    .where(eq(conversations.id, conversationId));
  return { ok: true };
}

/** The id of her conversation with the member, if they have one. */
export async function existingConversationWith(userId: number, otherId: number): Promise<number | null> {
  if (userId === otherId) return null;
  const ids = pair(userId, otherId);
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.lowUserId, ids.lowUserId), eq(conversations.highUserId, ids.highUserId)));
  return row?.id ?? null;
}
