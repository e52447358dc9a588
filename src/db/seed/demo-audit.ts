import type { Transaction } from "../client";
import * as t from "../schema";

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** A few admin actions so that /admin/audit has entries to show on the demo data. */
export async function seedDemoAudit(tx: Transaction, userIds: Record<string, number>): Promise<void> {
  const admin = userIds.admin!;
  await tx.insert(t.auditLog).values([
    {
      actorId: admin,
      action: "member.tier_changed",
      entityType: "user",
      entityId: String(userIds.member),
      details: { from: "connect", to: "create" },
      createdAt: daysAgo(12),
    },
    {
      actorId: admin,
      action: "member.permission_granted",
      entityType: "user",
      entityId: String(userIds.mentor),
      details: { permission: "manage_content" },
      createdAt: daysAgo(9),
    },
    {
      actorId: admin,
      action: "member.permission_removed",
      entityType: "user",
      entityId: String(userIds.mentor),
      details: { permission: "manage_content" },
      createdAt: daysAgo(8),
    },
    {
      actorId: admin,
      action: "member.password_reset_sent",
      entityType: "user",
      entityId: String(userIds.lena),
      details: {},
      createdAt: daysAgo(3),
    },
  ]);
}
