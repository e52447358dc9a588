// GET /api/files/{id} - an uploaded file, to those who may read it (byte ranges for video).
import { Readable } from "node:stream";
import { z } from "@/lib/validation";
import { apiRoute } from "@/lib/http/api-route";
import { MEMBER } from "@/lib/auth/access";
import { findStoredFile, readStoredBytes } from "@/server/storage";
import { assertCanReadFile } from "@/server/storage/access";
import { parseByteRange } from "@/server/storage/range";

export const GET = apiRoute({ access: MEMBER, params: z.object({ id: z.uuid() }) }, async ({ request, user, params }) => {
  const file = await findStoredFile(params.id);
  await assertCanReadFile(user, file);
  const range = parseByteRange(request.headers.get("range"), file.sizeBytes);
  if (range === "unsatisfiable") return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${file.sizeBytes}` } });
  const bytes = await readStoredBytes(file, range ?? undefined);
  const download = request.nextUrl.searchParams.get("download") === "1";
  const headers = new Headers({
    "Content-Type": file.contentType,
    "Content-Length": String(range ? range.end - range.start + 1 : file.sizeBytes),
    "Accept-Ranges": "bytes",
    // Members' files are never kept by shared caches.
    "Cache-Control": "private, max-age=3600",
    "Content-Disposition": `${download ? "attachment" : "inline"}; filename="${downloadName(file.originalName, file.key)}"`,
  });
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${file.sizeBytes}`);
  return new Response(Readable.toWeb(bytes) as ReadableStream, { status: range ? 206 : 200, headers });
});

/** A header-safe file name: the uploaded name's safe characters, with the stored extension. */
function downloadName(original: string | null, key: string): string {
  const extension = key.split(".").pop() ?? "bin";
  const base = (original ?? "file").replace(/\.[^.]*$/, "").replace(/[^\w\- ]+/g, "").trim().slice(0, 80) || "file";
  return `${base}.${extension}`;
}
