import { z } from "@/lib/validation";

export const placesQuerySchema = z.object({ q: z.string().trim().max(100).default("") });
