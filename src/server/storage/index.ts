import "server-only";
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import { fileTypeFromFile } from "file-type";
import sharp from "sharp";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { storedFiles } from "@/db/schema";
import type { FileAccess, FilePurpose } from "@/features/storage/constants";
import { env } from "@/lib/env";
import { AppError, badRequest, notFound } from "@/lib/errors";
import type { ByteRange, StorageBackend } from "./backend";
import { UPLOAD_KINDS, fileUrl } from "@/features/storage/kinds";
import { createLocalBackend } from "./local-backend";
import { createS3Backend } from "./s3-backend";

export type StoredFile = typeof storedFiles.$inferSelect;

const globalForStorage = globalThis as unknown as { storageBackend?: StorageBackend };

/** S3 when S3_BUCKET is set, otherwise the local disk under the data directory. */
export function storageBackend(): StorageBackend {
  globalForStorage.storageBackend ??= (() => {
    const e = env();
    if (e.S3_BUCKET) {
      return createS3Backend({
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      });
    }
    return createLocalBackend(uploadsDirectory());
  })();
  return globalForStorage.storageBackend;
}

export const uploadsDirectory = () => path.resolve(env().COMMUNITY_DATA_DIR, "uploads");
const incomingDirectory = () => path.resolve(env().COMMUNITY_DATA_DIR, "incoming");

const tooLarge = (message: string) => new AppError(413, message);
const wrongType = (message: string) => new AppError(415, message);

/** Copies a request body to a temporary file, refusing (413) once it passes `maxBytes`. */
async function receiveToFile(
  body: ReadableStream<Uint8Array>,
  target: string,
  maxBytes: number,
  message: string,
): Promise<number> {
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > maxBytes ? tooLarge(message) : null, chunk);
    },
  });
  await pipeline(Readable.fromWeb(body as WebReadableStream<Uint8Array>), limit, createWriteStream(target));
  return size;
}

/** Decodes an image (a forged or broken one fails here), strips its metadata and re-encodes it as WebP. */
async function reencodeImage(
  source: string,
  target: string,
  box: NonNullable<(typeof UPLOAD_KINDS)[FilePurpose]["image"]>,
  message: string,
) {
  try {
    await sharp(source, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: box.maxWidth, height: box.maxHeight, fit: box.fit, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toFile(target);
  } catch {
    throw wrongType(message);
  }
}

export interface UploadInput {
  body: ReadableStream<Uint8Array> | null;
  declaredLength: number | null;
  purpose: FilePurpose;
  uploaderId: number;
  originalName?: string | null;
}

/**
 * Receives an upload, checks it by its bytes and size, re-encodes images, stores it and records it.
 * Nothing is kept when any step fails. The file starts readable by its uploader only, until the
 * feature using it attaches it (`attachFile`).
 */
export async function storeUpload(
  input: UploadInput,
): Promise<{ id: string; url: string; contentType: string; sizeBytes: number }> {
  const kind = UPLOAD_KINDS[input.purpose];
  if (input.declaredLength !== null && input.declaredLength > kind.maxBytes) throw tooLarge(kind.tooLargeMessage);
  if (!input.body) throw new AppError(400, "Please choose a file to upload.");

  await mkdir(incomingDirectory(), { recursive: true });
  const id = randomUUID();
  const received = path.join(incomingDirectory(), `${id}.upload`);
  const converted = path.join(incomingDirectory(), `${id}.webp`);
  try {
    const size = await receiveToFile(input.body, received, kind.maxBytes, kind.tooLargeMessage);
    if (size === 0) throw new AppError(400, "Please choose a file to upload.");
    const detected = await fileTypeFromFile(received);
    if (!detected || !kind.accept.includes(detected.mime)) throw wrongType(kind.wrongTypeMessage);

    let source = received;
    let contentType = detected.mime;
    let extension = detected.ext;
    if (kind.image) {
      await reencodeImage(received, converted, kind.image, kind.wrongTypeMessage);
      source = converted;
      contentType = "image/webp";
      extension = "webp";
    }
    const sizeBytes = (await stat(source)).size;
    const key = `${input.purpose}/${id}.${extension}`;
    await storageBackend().put(key, source, contentType, sizeBytes);
    try {
      await db.insert(storedFiles).values({
        id,
        key,
        purpose: input.purpose,
        contentType,
        sizeBytes,
        originalName: input.originalName?.slice(0, 200) || null,
        uploadedBy: input.uploaderId,
        access: kind.initialAccess,
      });
    } catch (error) {
      await storageBackend().delete(key);
      throw error;
    }
    return { id, url: fileUrl(id), contentType, sizeBytes };
  } finally {
    await rm(received, { force: true });
    await rm(converted, { force: true });
  }
}

/** Makes an uploaded file readable as `access` says; `gate` names the record that decides for gated files. */
export async function attachFile(
  id: string,
  access: FileAccess,
  gate: { kind: string; id: number } | null = null,
  executor: Executor = db,
): Promise<void> {
  await executor
    .update(storedFiles)
    .set({ access, gateKind: gate?.kind ?? null, gateId: gate?.id ?? null })
    .where(and(eq(storedFiles.id, id), isNull(storedFiles.deletedAt)));
}

/** A file named in a form: its id, the purpose it must have been uploaded for, and the form's field. */
export interface NamedUpload {
  id: string;
  purpose: FilePurpose;
  field: string;
}

const NOT_USABLE = "This file cannot be used here. Please upload it again.";

/**
 * Refuses (400, on the form's field) a newly named file that may not join what she saves: one that is
 * gone, was uploaded for another purpose or by someone else, or that something already claimed. Nobody
 * can hand another member's upload to a record, and so change who may read it. Files the record
 * already holds are not passed here.
 */
export async function assertUsableUploads(executor: Executor, named: NamedUpload[], uploaderId: number) {
  if (!named.length) return;
  const rows = await executor
    .select({
      id: storedFiles.id,
      purpose: storedFiles.purpose,
      uploadedBy: storedFiles.uploadedBy,
      access: storedFiles.access,
      deletedAt: storedFiles.deletedAt,
    })
    .from(storedFiles)
    .where(
      inArray(
        storedFiles.id,
        named.map((file) => file.id),
      ),
    );
  for (const file of named) {
    const row = rows.find((candidate) => candidate.id === file.id);
    if (
      !row ||
      row.deletedAt ||
      row.purpose !== file.purpose ||
      row.uploadedBy !== uploaderId ||
      row.access !== "uploader"
    )
      throw badRequest(NOT_USABLE, { [file.field]: NOT_USABLE });
  }
}

export async function findStoredFile(id: string): Promise<StoredFile> {
  const [file] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, id), isNull(storedFiles.deletedAt)))
    .limit(1);
  if (!file) throw notFound("File not found.");
  return file;
}

export function readStoredBytes(file: StoredFile, range?: ByteRange): Promise<Readable> {
  return storageBackend().get(file.key, range);
}

/** Marks files deleted and removes their bytes; the row stays for the record. */
export async function deleteStoredFiles(ids: string[]): Promise<void> {
  if (!ids.length) return;
  const removed = await db
    .update(storedFiles)
    .set({ deletedAt: new Date() })
    .where(and(inArray(storedFiles.id, ids), isNull(storedFiles.deletedAt)))
    .returning({ key: storedFiles.key });
  for (const { key } of removed) await storageBackend().delete(key);
}

/** Uploads never attached to anything within a day (an abandoned form) are removed; a daily job runs it. */
export async function purgeUnattachedUploads(olderThanHours = 24): Promise<number> {
  const stale = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.access, "uploader"),
        isNull(storedFiles.deletedAt),
        lt(storedFiles.createdAt, new Date(Date.now() - olderThanHours * 3_600_000)),
      ),
    );
  await deleteStoredFiles(stale.map((f) => f.id));
  return stale.length;
}
