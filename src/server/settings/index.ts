import "server-only";
import { cache } from "react";
import { db } from "@/db";
import { siteSettings } from "@/db/schema";
import { siteSettingsSchema, type SiteSettings } from "./schema";

/** Site settings, stored values over defaults. Read once per request. */
export const getSiteSettings = cache(async (): Promise<SiteSettings> => {
  const rows = await db.select().from(siteSettings);
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  const parsed = siteSettingsSchema.safeParse(stored);
  // A stored value that no longer validates falls back to its default rather than breaking every page.
  return parsed.success ? parsed.data : siteSettingsSchema.parse({});
});

export type { SiteSettings };
