import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { notificationPreferences, notificationSettings } from "@/db/schema";
import {
  DEFAULT_DELIVERY,
  NOTIFICATION_KINDS,
  type Delivery,
  type NotificationKind,
} from "@/features/notifications/constants";
import type { PreferencesInput } from "@/features/notifications/schemas";
import type { NotificationPreferences } from "@/features/notifications/types";

/** Her settings row, made with its unsubscribe token the first time it is needed. */
export async function ensureNotificationSettings(userId: number, executor: Executor = db) {
  await executor
    .insert(notificationSettings)
    .values({ userId, unsubscribeToken: randomBytes(24).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await executor.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row!;
}

export async function getNotificationPreferences(userId: number): Promise<NotificationPreferences> {
  const [rows, settings] = await Promise.all([
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
    db
      .select({ weeklyDigest: notificationSettings.weeklyDigest })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId)),
  ]);
  const kinds = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, { delivery: DEFAULT_DELIVERY[kind], push: false }]),
  ) as NotificationPreferences["kinds"];
  for (const row of rows) kinds[row.kind as NotificationKind] = { delivery: row.delivery as Delivery, push: row.push };
  return { kinds, weeklyDigest: settings[0]?.weeklyDigest ?? true };
}

export async function saveNotificationPreferences(
  userId: number,
  input: PreferencesInput,
): Promise<NotificationPreferences> {
  await db.transaction(async (tx) => {
    const choices = Object.entries(input.kinds ?? {});
    if (choices.length) {
      await tx
        .insert(notificationPreferences)
        .values(choices.map(([kind, choice]) => ({ userId, kind, delivery: choice!.delivery, push: choice!.push })))
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { delivery: sql`excluded.delivery`, push: sql`excluded.push` },
        });
    }
    if (input.weeklyDigest !== undefined) {
      await ensureNotificationSettings(userId, tx);
      await tx
        .update(notificationSettings)
        .set({ weeklyDigest: input.weeklyDigest })
        .where(eq(notificationSettings.userId, userId));
    }
  });
  return getNotificationPreferences(userId);
}

/**
 * The one unsubscribe of a member's bulk email (docs/decisions/044-one-unsubscribe.md): no more email
 * of that kind (it stays in the app); a digest: no more of it (its kinds stay in the app, and the
 * weekly one no longer brings what is new in the community).
 */
export async function stopEmailsOf(userId: number, list: NotificationKind | "digest-daily" | "digest-weekly") {
  await db.transaction(async (tx) => {
    if (list !== "digest-daily" && list !== "digest-weekly") {
      await tx
        .insert(notificationPreferences)
        .values({ userId, kind: list, delivery: "app" })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { delivery: "app" },
        });
      return;
    }
    const period = list === "digest-daily" ? "daily" : "weekly";
    const inDigest = NOTIFICATION_KINDS.filter((kind) => DEFAULT_DELIVERY[kind] === period);
    // Kinds in the digest by default have no row: write theirs, then move every choice of the digest.
    if (inDigest.length)
      await tx
        .insert(notificationPreferences)
        .values(inDigest.map((kind) => ({ userId, kind, delivery: "app" })))
        .onConflictDoNothing();
    await tx
      .update(notificationPreferences)
      .set({ delivery: "app" })
      .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.delivery, period)));
    if (period === "weekly") {
      await ensureNotificationSettings(userId, tx);
      await tx.update(notificationSettings).set({ weeklyDigest: false }).where(eq(notificationSettings.userId, userId));
    }
  });
}

/** The member whose token (in the notification emails sent before record 044) this is. */
export async function memberOfNotificationToken(token: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: notificationSettings.userId })
    .from(notificationSettings)
    .where(eq(notificationSettings.unsubscribeToken, token));
  return row?.userId ?? null;
}
