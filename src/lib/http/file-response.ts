// The headers of every response that is a file rather than a page or JSON:
// uploads, calendars, CSV exports, feeds, her data export. next.config.ts gives the paths of files the
// same policy, and its headers win over a handler's; this one keeps a file safe wherever it is served.
import { FILE_CONTENT_SECURITY_POLICY } from "./security-headers.mjs";

export { FILE_CONTENT_SECURITY_POLICY };

/** Types a browser shows safely in our pages: images in <img>, PDFs in the library's embed. */
const SHOWN_INLINE = /^(image\/(jpeg|png|webp)|application\/pdf)$/;

export type Disposition = "inline" | "attachment";

/** Inline for the types our pages show (unless she asked to download), attachment for everything else. */
export function dispositionFor(contentType: string, download = false): Disposition {
  return !download && SHOWN_INLINE.test(contentType.split(";")[0]!.trim().toLowerCase()) ? "inline" : "attachment";
}

/** A name safe inside a quoted header parameter: letters, digits, spaces, dots, dashes, underscores. */
export function safeFilename(name: string): string {
  return (
    name
      .replace(/[^\w.\- ]+/g, "")
      .trim()
      .slice(0, 120) || "file"
  );
}

export interface FileHeaders {
  contentType: string;
  filename: string;
  disposition: Disposition;
  /** Other headers of the response (Cache-Control, Content-Length, ranges). */
  extra?: Record<string, string>;
}

export function fileHeaders({ contentType, filename, disposition, extra = {} }: FileHeaders): Headers {
  return new Headers({
    ...extra,
    "Content-Type": contentType,
    "Content-Disposition": `${disposition}; filename="${safeFilename(filename)}"`,
    "Content-Security-Policy": FILE_CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
  });
}

export function fileResponse(body: BodyInit | null, headers: FileHeaders, status = 200): Response {
  return new Response(body, { status, headers: fileHeaders(headers) });
}
