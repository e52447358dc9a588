import "server-only";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { Actor } from "@/server/auth/actor";
import { db } from "@/db";
import { conflict, notFound } from "@/lib/errors";
import { createCommission } from "@/server/affiliate";
import { recordAudit } from "@/server/audit";
import { lockApplication } from "@/server/money";

/** The admin's Generate Referral button: the same commission a cleared payment creates, never a second. */
export async function generateReferral(id: number, actor: Actor) {
  assertAccess(actor.viewer, ADMIN);
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, id);
    if (!app) throw notFound("Application not found.");
    if (app.status !== "approved") throw conflict("Only approved applications earn a referral commission.");
    const outcome = await createCommission(tx, id);
    if ("problem" in outcome) throw conflict(outcome.problem);
    const row = outcome.commission;
    await recordAudit(
      {
        actorId: actor.id,
        action: "referral.created",
        entityType: "application",
        entityId: id,
        details: { partnerId: row.partnerId, amountCents: row.amountCents },
        ip: actor.ip,
      },
      tx,
    );
    return row;
  });
}
