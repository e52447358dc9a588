import { z } from "@/lib/validation";

/** A birth place from the offline city list (GET /api/places), with its IANA time zone. */
export const placeSchema = z.strictObject({
  id: z.string(),
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timeZone: z.string(),
});
export type Place = z.infer<typeof placeSchema>;
export const placeListSchema = z.strictObject({ places: z.array(placeSchema) });
