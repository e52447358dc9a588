import "server-only";
import type { Readable } from "node:stream";

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/** Where the bytes of uploaded files live: the local disk (default) or S3-compatible storage. */
export interface StorageBackend {
  readonly name: "local" | "s3";
  /** Stores the file at `path` (a finished temporary file) under `key`. */
  put(key: string, path: string, contentType: string, size: number): Promise<void>;
  /** The bytes under `key`, or only `range` of them. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
}
