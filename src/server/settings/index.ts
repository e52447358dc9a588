import "server-only";
import { assertAccess, ADMIN } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { cache } from "react";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { siteSettings } from "@/db/schema";
import { recordAudit } from "@/server/audit";
import { badRequest } from "@/lib/errors";
import { QUEUES, sendJob } from "@/server/jobs/boss";
import {
  SITE_SETTING_DEFAULTS,
  siteSettingsSchema,
  type SiteSettings,
  type SiteSettingsUpdate,
} from "@/features/settings/schemas";

const FIELDS = siteSettingsSchema.shape;

/** Site settings, stored values over defaults. Read once per request. */
export const getSiteSettings = cache(() => readSiteSettings());

/**
 * The settings read with `executor`: inside a transaction pass it, so the read does not wait for a
 * second pooled connection while the transaction holds one (under load, every connection can be
 * held by a transaction waiting for another).
 */
export async function readSiteSettings(executor: Executor = db): Promise<SiteSettings> {
  const rows = await executor.select().from(siteSettings);
  const settings: Record<string, unknown> = { ...SITE_SETTING_DEFAULTS };
  for (const row of rows) {
    const field = FIELDS[row.key as keyof typeof FIELDS];
    // A stored value that no longer validates falls back to its default rather than breaking every page.
    const parsed = field?.safeParse(row.value);
    if (parsed?.success) settings[row.key] = parsed.data;
  }
  return settings as SiteSettings;
}

/** Stores the given settings (the others keep their values), audit-logged with what changed. */
export async function saveSiteSettings(viewer: SessionUser, update: SiteSettingsUpdate): Promise<SiteSettings> {
  assertAccess(viewer, ADMIN);
  const actorId = viewer.id;
  const entries = Object.entries(update).filter(([, value]) => value !== undefined);
  if (update.startHereItemId) await assertPublishedItem(update.startHereItemId);
  if (entries.length) {
    const before = await readSiteSettings();
    await db.transaction(async (tx) => {
      await tx
        .insert(siteSettings)
        // A setting cleared (null) is stored as JSON null: the column's SQL NULL would be refused.
        .values(entries.map(([key, value]) => ({ key, value: value === null ? sql`'null'::jsonb` : value })))
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
      const changed = entries.filter(([key, value]) => before[key as keyof SiteSettings] !== value).map(([key]) => key);
      await recordAudit({ actorId, action: "settings.update", entityType: "site_settings", details: { changed } }, tx);
    });
    // Whatever quotes the settings (the assistant's FAQ passages) listens for this and follows.
    await sendJob(QUEUES.siteSettingsSaved.name, {});
  }
  return readSiteSettings();
}

/** The start-here step opens a library item every member may reach: a published one. */
async function assertPublishedItem(id: number): Promise<void> {
  const { rows } = await db.execute(sql`select 1 from content_items where id = ${id} and status = 'published'`);
  if (!rows.length) {
    const message = "Choose a published library item";
    throw badRequest(message, { startHereItemId: message });
  }
}

export type { SiteSettings };
