import { z } from "@/lib/validation";

/** POST /api/uploads/{purpose}: the stored file, readable by her until a feature attaches it. */
export const uploadedFileSchema = z.strictObject({
  id: z.uuid(),
  url: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int().positive(),
});
