import "server-only";
import { canReadItem } from "@/server/library/access";
import type { FileGates } from "@/server/storage/access";

/** Who may read a gated file, by the feature that owns its record (assertCanReadFile, src/server/storage/access.ts). */
export const FILE_GATES: FileGates = {
  // A library item's PDF, video and inline images: whoever may read the item (its tier and category).
  "library-item": canReadItem,
};
