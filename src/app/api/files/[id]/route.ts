// GET /api/files/{id} - an uploaded file, to those who may read it (byte ranges for video).
import { Readable } from "node:stream";
import { z } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { SIGNED_IN } from "@/lib/auth/access";
import { dispositionFor, fileResponse } from "@/lib/http/file-response";
import { findStoredFile, readStoredBytes } from "@/server/storage";
import { FILE_GATES } from "@/server/runtime/file-gates";
import { assertCanReadFile } from "@/server/storage/access";
import { parseByteRange } from "@/server/storage/range";

export const GET = apiRoute(
  { access: SIGNED_IN, params: z.object({ id: z.uuid() }) },
  async ({ request, user, params }) => {
    const file = await findStoredFile(params.id);
    await assertCanReadFile(user, file, FILE_GATES);
    const range = parseByteRange(request.headers.get("range"), file.sizeBytes);
    if (range === "unsatisfiable")
      return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${file.sizeBytes}` } });
    const bytes = await readStoredBytes(file, range ?? undefined);
    const extra: Record<string, string> = {
      "Content-Length": String(range ? range.end - range.start + 1 : file.sizeBytes),
      "Accept-Ranges": "bytes",
      // Members' files are never kept by shared caches.
      "Cache-Control": "private, max-age=3600",
    };
    if (range) extra["Content-Range"] = `bytes ${range.start}-${range.end}/${file.sizeBytes}`;
    const disposition = dispositionFor(file.contentType, request.nextUrl.searchParams.get("download") === "1");
    return fileResponse(
      Readable.toWeb(bytes) as ReadableStream,
      { contentType: file.contentType, filename: downloadName(file.originalName, file.key), disposition, extra },
      range ? 206 : 200,
    );
  },
);

/** The uploaded name without its extension, with the stored one (the type we checked). */
function downloadName(original: string | null, key: string): string {
  const extension = key.split(".").pop() ?? "bin";
  const base =
    (original ?? "file")
      .replace(/\.[^.]*$/, "")
      .replace(/[^\w\- ]+/g, "")
      .trim()
      .slice(0, 80) || "file";
  return `${base}.${extension}`;
}
