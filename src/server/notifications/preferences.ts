import "server-only";
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
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
 * One-click unsubscribe from an email (RFC 8058): no more email of that kind (it stays in the app), or
 * no more weekly digest. False for an unknown token.
 */
export async function unsubscribeByToken(token: string, kind: NotificationKind | "digest"): Promise<boolean> {
  const [settings] = await db
    .select({ userId: notificationSettings.userId })
    .from(notificationSettings)
    .where(eq(notificationSettings.unsubscribeToken, token));
  if (!settings) return false;
  if (kind === "digest") {
    await db
      .update(notificationSettings)
      .set({ weeklyDigest: false })
      .where(eq(notificationSettings.userId, settings.userId));
    return true;
  }
  await db
    .insert(notificationPreferences)
    .values({ userId: settings.userId, kind, delivery: "app" })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { delivery: "app" },
    });
  return true;
}

/** Whose token it is, for the unsubscribe page: her first name only. */
export async function findUnsubscribeToken(token: string) {
  const { rows } = await db.execute<{ first_name: string }>(
    sql`select u.first_name from notification_settings s join users u on u.id = s.user_id where s.unsubscribe_token = ${token}`,
  );
  return rows[0] ? { firstName: rows[0].first_name } : null;
}
