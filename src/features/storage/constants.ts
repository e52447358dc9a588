/** What an uploaded file is for; each has its own accepted types and size (src/features/storage/kinds.ts). */
export const FILE_PURPOSES = [
  "avatar",
  "library-image",
  "library-pdf",
  "library-video",
  "lesson-video",
  "lesson-pdf",
  "lesson-file",
] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];
export const FILE_ACCESS = ["members", "uploader", "gated"] as const;
export type FileAccess = (typeof FILE_ACCESS)[number];
