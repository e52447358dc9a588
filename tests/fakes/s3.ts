import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export const FAKE_S3_BUCKET = "community-uploads";

/**
 * A local S3 stand-in (s3rver: the S3 REST API, with AWS Signature V4 checked against its fixed
 * S3RVER/S3RVER credentials), so that uploads go through @aws-sdk/client-s3 exactly as against AWS.
 */
export async function startFakeS3(): Promise<{
  env: Record<string, string>;
  directory: string;
  stop: () => Promise<void>;
}> {
  const directory = mkdtempSync(path.join(tmpdir(), "fake-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: FAKE_S3_BUCKET, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  return {
    directory,
    env: {
      S3_BUCKET: FAKE_S3_BUCKET,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
