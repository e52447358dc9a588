import "server-only";
import { asc } from "drizzle-orm";
import { cache } from "react";
import { db } from "@/db";
import { membershipTiers, photoTiles, testimonials } from "@/db/schema";
import type { Tier } from "@/features/membership/types";

/** The tier catalogue in its order (every page shows all four). */
export const listTiers = cache(async (): Promise<Tier[]> =>
  db
    .select({
      id: membershipTiers.id,
      title: membershipTiers.title,
      durationMonths: membershipTiers.durationMonths,
      monthlyPriceCents: membershipTiers.monthlyPriceCents,
      popular: membershipTiers.popular,
      description: membershipTiers.description,
      features: membershipTiers.features,
    })
    .from(membershipTiers)
    .orderBy(asc(membershipTiers.position)),
);

export const listTestimonials = cache(async () =>
  db.select().from(testimonials).orderBy(asc(testimonials.position), asc(testimonials.id)),
);

/** The photo grid shows 6 tiles. */
export const PHOTO_GRID_SIZE = 6;
export const listPhotoTiles = cache(async () =>
  db.select().from(photoTiles).orderBy(asc(photoTiles.position), asc(photoTiles.id)).limit(PHOTO_GRID_SIZE),
);

// What other features use of this one (they import it from here only: src/server/floors.mjs).
export { applyFaq, applySteps } from "./apply";
export { faqItems } from "./faq";
export { privacySections, termsSections } from "./legal";
