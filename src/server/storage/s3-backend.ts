import "server-only";
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { ByteRange, StorageBackend } from "./backend";

export interface S3Config {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** S3 or any S3-compatible service (MinIO, R2, ...). Reads are streamed through us, so access checks apply. */
export function createS3Backend(config: S3Config): StorageBackend {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: the SDK's default sends streamed bodies as aws-chunked
    // with checksum trailers, which many S3-compatible services (and older MinIO) store verbatim.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  return {
    name: "s3",
    async put(key, path, contentType, size) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: createReadStream(path),
          ContentType: contentType,
          ContentLength: size,
        }),
      );
    },
    async get(key, range?: ByteRange) {
      const object = await client.send(
        new GetObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!(object.Body instanceof Readable)) throw new Error(`S3 returned no stream for ${key}`);
      return object.Body;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
  };
}
