import "server-only";
import type { Actor } from "@/server/auth/actor";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db";
import { conversations, messageReports, messages, users } from "@/db/schema";
import type { ReportedMessage } from "@/features/messages/types";
import { conflict, notFound } from "@/lib/errors";
import { recordAudit } from "@/server/audit";

export const MESSAGE_NOT_FOUND = "Message not found.";

/** She reports a message the other member sent her (once); admins see that message alone. */
export async function reportMessage(reporterId: number, messageId: number, reason: string): Promise<{ id: number }> {
  const [message] = await db
    .select({ id: messages.id })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.id, messageId),
        sql`${messages.senderId} <> ${reporterId}`,
        or(eq(conversations.lowUserId, reporterId), eq(conversations.highUserId, reporterId)),
      ),
    )
    .limit(1);
  if (!message) throw notFound(MESSAGE_NOT_FOUND);
  const [row] = await db
    .insert(messageReports)
    .values({ messageId, reporterId, reason })
    .onConflictDoNothing()
    .returning({ id: messageReports.id });
  if (!row) throw conflict("You have already reported this message.");
  return row;
}

const sender = alias(users, "sender");
const reporter = alias(users, "reporter");

/** Open reports, newest first: the reported message, who sent it and who reported it, nothing else of the conversation. */
export async function listMessageReports(viewer: SessionUser): Promise<ReportedMessage[]> {
  assertAccess(viewer, ADMIN);
  const rows = await db
    .select({
      reportId: messageReports.id,
      reason: messageReports.reason,
      reportedAt: messageReports.createdAt,
      messageId: messages.id,
      body: messages.body,
      sentAt: messages.createdAt,
      senderId: sender.id,
      senderName: sql<string>`trim(${sender.firstName} || ' ' || ${sender.lastName})`,
      senderPicture: sender.profilePicture,
      reporterId: reporter.id,
      reporterName: sql<string>`trim(${reporter.firstName} || ' ' || ${reporter.lastName})`,
      reporterPicture: reporter.profilePicture,
    })
    .from(messageReports)
    .innerJoin(messages, eq(messages.id, messageReports.messageId))
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .innerJoin(reporter, eq(reporter.id, messageReports.reporterId))
    .where(isNull(messageReports.resolvedAt))
    .orderBy(desc(messageReports.createdAt), desc(messageReports.id))
    .limit(200);
  return rows.map((r) => ({
    reportId: r.reportId,
    reason: r.reason,
    reportedAt: r.reportedAt.toISOString(),
    message: { id: r.messageId, body: r.body, sentAt: r.sentAt.toISOString() },
    sender: { id: r.senderId, name: r.senderName, profilePicture: r.senderPicture },
    reporter: { id: r.reporterId, name: r.reporterName, profilePicture: r.reporterPicture },
  }));
}

/** Dismiss the report, or remove the message (every report of it goes with it). Audit-logged. */
export async function decideMessageReport(actor: Actor, reportId: number, decision: "dismiss" | "remove") {
  assertAccess(actor.viewer, ADMIN);
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select()
      .from(messageReports)
      .where(and(eq(messageReports.id, reportId), isNull(messageReports.resolvedAt)))
      .for("update");
    if (!report) throw notFound("Report not found.");
    if (decision === "remove") await tx.delete(messages).where(eq(messages.id, report.messageId));
    else
      await tx
        .update(messageReports)
        .set({ resolvedAt: sql`now()` })
        .where(eq(messageReports.id, reportId));
    await recordAudit(
      {
        actorId: actor.id,
        action: `message_report.${decision}`,
        entityType: "message",
        entityId: report.messageId,
        details: { reportId },
        ip: actor.ip,
      },
      tx,
    );
    return { id: reportId, decision };
  });
}
