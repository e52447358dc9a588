import { request as httpRequest } from "node:http";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { storedFiles } from "@/db/schema";
import { closeTestDb, createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { signIn } from "../support/http";
import { testEnv } from "../support/env";

// Uploads through the real server into the S3 stand-in the test run starts (tests/fakes/s3.ts), as a
// deployment with S3_* set stores them. The local-disk default is covered by launcher.test.ts.

afterAll(closeTestDb);

async function upload(purpose: string, body: Buffer, cookie: string | null, headers: Record<string, string> = {}) {
  const { baseUrl } = testEnv();
  const response = await fetch(`${baseUrl}/api/uploads/${purpose}?name=holiday.png`, {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/octet-stream", ...(cookie ? { cookie } : {}), ...headers },
    body: new Uint8Array(body),
  });
  return { status: response.status, json: await response.json().catch(() => undefined) };
}

/** Sends chunks with no Content-Length (chunked), on a connection of its own, and answers the status. */
function uploadChunked(purpose: string, chunks: Buffer[], cookie: string): Promise<number> {
  const { baseUrl } = testEnv();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${baseUrl}/api/uploads/${purpose}`,
      { method: "POST", agent: false, headers: { origin: baseUrl, cookie, "transfer-encoding": "chunked" } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    // The server may answer and close before every chunk is written.
    req.on("error", (error) => (req.destroyed ? undefined : reject(error)));
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

async function download(url: string, cookie: string | null, headers: Record<string, string> = {}) {
  const response = await fetch(`${testEnv().baseUrl}${url}`, {
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#c05" } })
    .withExif({ IFD0: { Copyright: "secret-camera-owner" } })
    .png()
    .toBuffer();

describe("uploads (docs/decisions/018-files-uploads.md)", () => {
  let owner: string;
  let other: string;
  let admin: string;
  let ownerId: number;
  beforeAll(async () => {
    const her = await createTestUser();
    ownerId = her.id;
    owner = await signIn(her.username, TEST_PASSWORD);
    other = await signIn((await createTestUser()).username, TEST_PASSWORD);
    admin = await signIn((await createTestUser({ isAdmin: true })).username, TEST_PASSWORD);
  });

  it("re-encodes a picture as a 512 px WebP without its metadata, stores it in S3, and shows it to its uploader only until attached", async () => {
    const result = await upload("avatar", await photo(1200, 800), owner);
    expect(result.status).toBe(201);
    expect(result.json).toEqual({
      id: expect.any(String),
      url: `/api/files/${result.json.id}`,
      contentType: "image/webp",
      sizeBytes: expect.any(Number),
    });

    const mine = await download(result.json.url, owner);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/webp");
    expect(mine.headers.get("cache-control")).toBe("private, max-age=3600");
    const meta = await sharp(mine.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 512, 512, undefined]);

    const [row] = await testDb().select().from(storedFiles).where(eq(storedFiles.id, result.json.id));
    expect(row).toMatchObject({
      purpose: "avatar",
      access: "uploader",
      uploadedBy: ownerId,
      originalName: "holiday.png",
    });
    const s3 = new S3Client({
      region: "us-east-1",
      endpoint: process.env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    const head = await s3.send(new HeadObjectCommand({ Bucket: process.env.S3_BUCKET, Key: row!.key }));
    expect(head.ContentLength).toBe(mine.bytes.length);

    expect((await download(result.json.url, other)).status).toBe(403);
    expect((await download(result.json.url, null)).status).toBe(401);
    expect((await download(result.json.url, admin)).status).toBe(200);

    await testDb().update(storedFiles).set({ access: "members" }).where(eq(storedFiles.id, result.json.id));
    expect((await download(result.json.url, other)).status).toBe(200);
  });

  it("decides by the bytes: text named .png and a PNG header on garbage are refused, and nothing is kept", async () => {
    const before = await testDb().select().from(storedFiles).where(eq(storedFiles.uploadedBy, ownerId));
    const text = await upload("avatar", Buffer.from("<script>alert(1)</script>"), owner, {
      "content-type": "image/png",
    });
    expect(text).toEqual({ status: 415, json: { error: "Please choose a JPEG, PNG or WebP image." } });
    const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const broken = await upload("avatar", Buffer.concat([header, Buffer.alloc(2000, 7)]), owner);
    expect(broken.status).toBe(415);
    const pdfAsAvatar = await upload("avatar", Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n"), owner);
    expect(pdfAsAvatar.status).toBe(415);
    const after = await testDb().select().from(storedFiles).where(eq(storedFiles.uploadedBy, ownerId));
    expect(after.length).toBe(before.length);
  });

  it("refuses more than 5 MB with 413, whether the length is declared or streamed", async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    expect(await upload("avatar", big, owner)).toEqual({
      status: 413,
      json: { error: "The image is larger than 5 MB." },
    });
    const chunks = [Buffer.from([0xff, 0xd8, 0xff]), ...Array.from({ length: 6 }, () => Buffer.alloc(1024 * 1024, 2))];
    expect(await uploadChunked("avatar", chunks, owner)).toBe(413);
  });

  it("keeps library uploads to holders of manage_content, and serves byte ranges", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
    expect((await upload("library-pdf", pdf, owner)).status).toBe(403);
    const stored = await upload("library-pdf", pdf, admin);
    expect(stored.status).toBe(201);
    expect(stored.json.contentType).toBe("application/pdf");
    const part = await download(stored.json.url, admin, { range: "bytes=0-3" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-3/${pdf.length}`);
    expect(part.bytes.toString()).toBe("%PDF");
    expect((await download(stored.json.url, admin, { range: `bytes=${pdf.length}-` })).status).toBe(416);
  });

  it("answers 404 for an unknown file and 400 for an unknown purpose", async () => {
    expect((await download("/api/files/7d0c4c4e-0000-4000-8000-000000000000", owner)).status).toBe(404);
    expect((await upload("passport-scan", await photo(10, 10), owner)).status).toBe(400);
  });
});
