import "server-only";
import { desc, eq } from "drizzle-orm";
import { db } from "@/db";
import { chatMessages } from "@/db/schema";
import type { ChatSource, StoredChatMessage } from "@/features/assistant/schemas";

/** How much of her conversation a member sees when she comes back. */
const HISTORY_SHOWN = 50;

/** Stores a member's question and its answer (visitors' conversations are never stored). */
export async function saveExchange(
  userId: number,
  question: string,
  answer: string,
  sources: ChatSource[],
): Promise<void> {
  await db.insert(chatMessages).values([
    { userId, role: "user", message: question },
    { userId, role: "assistant", message: answer, sources },
  ]);
}

/** Her latest messages, oldest first. */
export async function listChatHistory(userId: number): Promise<StoredChatMessage[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.userId, userId))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(HISTORY_SHOWN);
  return rows.reverse().map((row) => ({
    id: row.id,
    type: row.role as StoredChatMessage["type"],
    message: row.message,
    sources: row.sources ?? [],
    timestamp: row.createdAt.toISOString(),
  }));
}

/** Deletes her whole conversation (also gone with her account: the rows cascade). */
export async function deleteChatHistory(userId: number): Promise<number> {
  const deleted = await db
    .delete(chatMessages)
    .where(eq(chatMessages.userId, userId))
    .returning({ id: chatMessages.id });
  return deleted.length;
}
