import { cursorPart, cursorSchema, z } from "@/lib/validation";
import { MAX_SEARCH_LIMIT, SEARCH_KINDS, SEARCH_MAX_LENGTH, TYPEAHEAD_LIMIT } from "./constants";

/**
 * A rank as PostgreSQL prints a real (ts_rank's type): the page link carries it as text so that it
 * compares exactly as it was read.
 */
const rankPart = z.string().regex(/^\d+(\.\d+)?(e-\d+)?$/i);

/**
 * GET /api/search. Without `kind`, the best `limit` of every kind (the box, the top of /search); with
 * it, a page of that kind, the next one after `after`.
 */
export const searchQuerySchema = z
  .object({
    q: z.string().trim().min(1, "Type something to search for.").max(SEARCH_MAX_LENGTH),
    kind: z.enum(SEARCH_KINDS).optional(),
    /** The page after the result of this rank and id (of `kind`). */
    after: cursorSchema(rankPart, cursorPart.id).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_SEARCH_LIMIT).optional().default(TYPEAHEAD_LIMIT),
  })
  .refine((query) => !query.after || query.kind, { message: "A page link needs a kind.", path: ["after"] });
export type SearchQuery = z.output<typeof searchQuerySchema>;
