import "server-only";
import { canReadItem } from "@/server/library/access";
import { canOpenLessonFiles } from "@/server/courses";
import type { FileGates } from "@/server/storage/access";

/** Who may read a gated file, by the feature that owns its record (assertCanReadFile, src/server/storage/access.ts). */
export const FILE_GATES: FileGates = {
  // A library item's PDF, video and inline images: whoever may read the item (its tier and category).
  "library-item": canReadItem,
  // A course lesson's video, PDF and downloads: whoever may open the lesson (tier, level, its rule).
  "course-lesson": canOpenLessonFiles,
};
