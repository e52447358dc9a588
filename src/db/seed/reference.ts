import { sql } from "drizzle-orm";
import type { Database } from "../client";
import { contentSections, membershipTiers } from "../schema";
import { CMS_PAGES } from "@/features/cms/constants";
import { INITIAL_PAGE_CONTENT } from "./page-content";
import { TIER_CATALOGUE } from "./tiers";

/**
 * Data every installation needs, demo or not: the tier catalogue and the first text of the
 * editable pages. Existing rows are left alone, so administrators' edits survive restarts.
 */
export async function ensureReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(membershipTiers)
      .values(TIER_CATALOGUE.map((tier, position) => ({ ...tier, position })))
      .onConflictDoNothing();
    const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(contentSections)) as [
      { count: number },
    ];
    if (count === 0) {
      await tx
        .insert(contentSections)
        .values(
          CMS_PAGES.flatMap((page) =>
            INITIAL_PAGE_CONTENT[page].map((section, position) => ({ page, position, ...section })),
          ),
        );
    }
  });
}
