import sharp from "sharp";
import { closeTestDb, createTestUser, TEST_PASSWORD } from "../support/db";
import { call, signIn } from "../support/http";
import { testEnv } from "../support/env";

// A file is data, never a page. Every file the app serves (uploads, calendars, CSV,
// feeds, her data export) says so: a policy that lets it load and run nothing, in a sandbox; no type
// sniffing; inline only for what our pages show (images, the library's PDF embed), attachment otherwise.

afterAll(closeTestDb);

const FILE_POLICY = "default-src 'none'; sandbox";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
// The smallest MP4 file-type recognises: an ftyp box (ISO/IEC 14496-12 section 4.3).
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypmp42"),
  Buffer.alloc(4),
  Buffer.from("mp42isom"),
]);

async function upload(purpose: string, body: Buffer, cookie: string) {
  const { baseUrl } = testEnv();
  const response = await fetch(`${baseUrl}/api/uploads/${purpose}?name=${encodeURIComponent('Spring <plan>".bin')}`, {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/octet-stream", cookie },
    body: new Uint8Array(body),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; url: string };
}

function expectFileHeaders(headers: Headers, disposition: "inline" | "attachment", filename?: RegExp) {
  expect(headers.get("content-security-policy")).toBe(FILE_POLICY);
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  const value = headers.get("content-disposition") ?? "";
  expect(value.split(";")[0]).toBe(disposition);
  expect(value).toMatch(/; filename="[\w.\- ]+"$/);
  if (filename) expect(value).toMatch(filename);
}

describe("file responses", () => {
  let admin: string;
  let member: string;
  let memberId: number;
  beforeAll(async () => {
    admin = await signIn((await createTestUser({ isAdmin: true })).username, TEST_PASSWORD);
    const her = await createTestUser();
    memberId = her.id;
    member = await signIn(her.username, TEST_PASSWORD);
  });

  it("serves an uploaded image inline, sandboxed, framed only by our pages", async () => {
    const image = await upload(
      "avatar",
      await sharp({ create: { width: 40, height: 40, channels: 3, background: "#c05" } })
        .png()
        .toBuffer(),
      member,
    );
    const result = await call(image.url, { cookie: member });
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toBe("image/webp");
    expectFileHeaders(result.headers, "inline", /filename="Spring plan\.webp"/);
    expect(result.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("serves a PDF inline for the library's embed and as an attachment when she downloads it", async () => {
    const pdf = await upload("library-pdf", PDF, admin);
    const shown = await call(pdf.url, { cookie: admin });
    expect(shown.headers.get("content-type")).toBe("application/pdf");
    expectFileHeaders(shown.headers, "inline", /\.pdf"$/);
    expectFileHeaders((await call(`${pdf.url}?download=1`, { cookie: admin })).headers, "attachment", /\.pdf"$/);
    const part = await fetch(`${testEnv().baseUrl}${pdf.url}`, { headers: { cookie: admin, range: "bytes=0-3" } });
    expect(part.status).toBe(206);
    expectFileHeaders(part.headers, "inline");
  });

  it("serves any other type (a video) as an attachment", async () => {
    const video = await upload("library-video", MP4, admin);
    const result = await call(video.url, { cookie: admin });
    expect(result.headers.get("content-type")).toBe("video/mp4");
    expectFileHeaders(result.headers, "attachment", /\.mp4"$/);
  });

  it("gives calendars, CSV exports, the blog feed and her data export the same headers, as attachments", async () => {
    const events = await call("/api/events?type=all&limit=1");
    const eventId = events.json[0].id as number;
    expectFileHeaders((await call(`/api/events/${eventId}/ics`)).headers, "attachment", /\.ics"$/);
    expectFileHeaders((await call("/api/events/calendar.ics")).headers, "attachment", /\.ics"$/);
    expectFileHeaders((await call("/api/admin/members/export", { cookie: admin })).headers, "attachment", /\.csv"$/);
    expectFileHeaders(
      (await call("/api/payment-transactions/export", { cookie: admin })).headers,
      "attachment",
      /\.csv"$/,
    );
    expectFileHeaders((await call("/blog/rss.xml")).headers, "attachment", /rss\.xml"$/);
    expectFileHeaders(
      (await call(`/api/users/${memberId}/data-export`, { cookie: member })).headers,
      "attachment",
      /\.json"$/,
    );
  });

  it("gives every API answer the policy of data, not the pages' policy", async () => {
    const answer = await call("/api/events?type=all&limit=1");
    expect(answer.headers.get("content-security-policy")).toBe(FILE_POLICY);
    const refused = await call("/api/auth/me");
    expect(refused.headers.get("content-security-policy")).toBe(FILE_POLICY);
  });
});
