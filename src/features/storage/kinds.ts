// What each kind of upload accepts (docs/decisions/018-files-uploads.md). Shared by the upload forms (accept
// attributes, messages) and the server, which decides by the file's bytes, never its name.
import type { FileAccess, FilePurpose } from "./constants";
import type { Permission } from "@/lib/auth/access";

const MB = 1024 * 1024;

export interface UploadKind {
  /** MIME types recognised from the file's first bytes. */
  accept: readonly string[];
  maxBytes: number;
  /** Images are decoded, re-encoded and resized on the server to fit within this box. */
  image?: { maxWidth: number; maxHeight: number; fit: "cover" | "inside" };
  /** Who may upload it besides admins; unset: any member. */
  permission?: Permission;
  /** Administrators only (a course's lessons, which only they edit). */
  adminOnly?: true;
  /** Who may read it before a feature attaches it to a record. */
  initialAccess: FileAccess;
  /** Said when the bytes are of another type. */
  wrongTypeMessage: string;
  tooLargeMessage: string;
}

const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export const UPLOAD_KINDS: Record<FilePurpose, UploadKind> = {
  avatar: {
    accept: IMAGE_TYPES,
    maxBytes: 5 * MB,
    image: { maxWidth: 512, maxHeight: 512, fit: "cover" },
    initialAccess: "uploader",
    wrongTypeMessage: "Please choose a JPEG, PNG or WebP image.",
    tooLargeMessage: "The image is larger than 5 MB.",
  },
  "library-image": {
    permission: "manage_content",
    accept: IMAGE_TYPES,
    maxBytes: 5 * MB,
    image: { maxWidth: 1600, maxHeight: 1600, fit: "inside" },
    initialAccess: "uploader",
    wrongTypeMessage: "Please choose a JPEG, PNG or WebP image.",
    tooLargeMessage: "The image is larger than 5 MB.",
  },
  "library-pdf": {
    permission: "manage_content",
    accept: ["application/pdf"],
    maxBytes: 25 * MB,
    initialAccess: "uploader",
    wrongTypeMessage: "Please choose a PDF file.",
    tooLargeMessage: "The PDF is larger than 25 MB.",
  },
  "library-video": {
    permission: "manage_content",
    accept: ["video/mp4"],
    maxBytes: 200 * MB,
    initialAccess: "uploader",
    wrongTypeMessage: "Please choose an MP4 video.",
    tooLargeMessage: "The video is larger than 200 MB.",
  },
  // A course lesson's video, PDF and downloads (docs/decisions/052-course-lesson-media.md).
  "lesson-video": {
    adminOnly: true,
    accept: ["video/mp4"],
    maxBytes: 500 * MB,
    initialAccess: "uploader",
    wrongTypeMessage: "Please choose an MP4 video.",
    tooLargeMessage: "The video is larger than 500 MB.",
  },
  "lesson-pdf": {
    adminOnly: true,
    accept: ["application/pdf"],
    maxBytes: 25 * MB,
    initialAccess: "uploader",
    wrongTypeMessage: "Please choose a PDF file.",
    tooLargeMessage: "The PDF is larger than 25 MB.",
  },
  "lesson-file": {
    adminOnly: true,
    accept: [
      "application/pdf",
      "application/zip",
      "application/epub+zip",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      "audio/mpeg",
      "image/jpeg",
      "image/png",
    ],
    maxBytes: 50 * MB,
    initialAccess: "uploader",
    wrongTypeMessage: "Please choose a PDF, ZIP, EPUB, Word, Excel, PowerPoint, MP3, JPEG or PNG file.",
    tooLargeMessage: "The file is larger than 50 MB.",
  },
};

/** The `accept` attribute of a file input for this kind. */
export const acceptAttribute = (purpose: FilePurpose) => UPLOAD_KINDS[purpose].accept.join(",");

/** The path a stored file is served from. */
export const fileUrl = (id: string) => `/api/files/${id}`;

const FILE_URL = /^\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The stored file id in a URL of ours, or null for any other URL. */
export function fileIdFromUrl(url: string | null | undefined): string | null {
  return url?.match(FILE_URL)?.[1]?.toLowerCase() ?? null;
}
