import { z } from "zod";

export const placesQuerySchema = z.object({ q: z.string().trim().max(100).default("") });
