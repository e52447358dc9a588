import "server-only";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { ByteRange, StorageBackend } from "./backend";

/** Files under one directory, by key. Several instances on one host share it; across hosts use S3. */
export function createLocalBackend(root: string): StorageBackend {
  const pathOf = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`Storage key escapes its directory: ${key}`);
    return full;
  };
  return {
    name: "local",
    async put(key, source) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // A rename is atomic on one file system; the temporary file may live on another.
      await rename(source, target).catch(async () => {
        await copyFile(source, target);
        await rm(source, { force: true });
      });
    },
    async get(key, range?: ByteRange): Promise<Readable> {
      const stream = createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : undefined);
      await new Promise<void>((resolve, reject) => {
        stream.once("open", () => resolve());
        stream.once("error", reject);
      });
      return stream;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
