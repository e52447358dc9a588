import { execFileSync, execSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { gunzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq, sql } from "drizzle-orm";
import { sessions } from "@/db/schema";
import { freePort } from "../../scripts/lib/free-port";
import { startNginx, type RunningNginx } from "../../scripts/lib/nginx";
import { closeTestDb, createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { testEnv } from "../support/env";
import { messagesTo } from "../support/mailbox";
import { rawRequest } from "../support/raw-http";
import { scriptPolicyProblems } from "../support/script-policy";
import { serverEnv, startTestServer, type TestServer } from "../support/server";
import { freshTotpCode } from "../support/two-factor";

// The production shape (deploy/): Debian's nginx with the shipped configuration in front of
// two app instances on one PostgreSQL, as docs/deployment.md sets it up.

const scratch = mkdtempSync(path.join(tmpdir(), "community-nginx-"));
let nginx: RunningNginx | undefined;
const instances: TestServer[] = [];
let proxy = "";
let instancesStartedAt = new Date();
/** The certificate of the TLS listener (docs/deployment.md section 7), made for this run. */
const certificate = path.join(scratch, "certificate.pem");

beforeAll(async () => {
  const refresh = await freePort();
  const listen = await freePort();
  // The site's public address is nginx's, for both instances (APP_URL, as in production).
  proxy = `http://127.0.0.1:${listen}`;
  // The test run's outside services (SMTP, Stripe, S3) for both instances, as in production.
  const services = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => /^(SMTP_|EMAIL_|STRIPE_|S3_)/.test(key)),
  ) as Record<string, string>;
  const env = {
    ...serverEnv(testEnv().databaseUrl),
    ...services,
    APP_URL: proxy,
    TRUST_PROXY: "true",
    PROXY_CACHE_REFRESH_URL: `http://127.0.0.1:${refresh}`,
  };
  instances.push(
    await startTestServer(env, ".data/test-logs/instance-a.log"),
    await startTestServer(env, ".data/test-logs/instance-b.log"),
  );
  instancesStartedAt = new Date();
  const key = path.join(scratch, "key.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"],
      ...["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate],
    ],
    { stdio: "ignore" },
  );
  nginx = await startNginx(
    scratch,
    { listen, refresh, instances: instances.map((i) => Number(new URL(i.baseUrl).port)) },
    { tls: { port: await freePort(), certificate, key } },
  );
  expect(nginx.url).toBe(proxy);
}, 120_000);

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(instances.map((instance) => instance.stop()));
  rmSync(scratch, { recursive: true, force: true });
  await closeTestDb();
});

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers, redirect: "manual" });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/**
 * `code`: the two-factor code, which administrators sign in with (tests/support/two-factor.ts). Sent
 * from the site's pages (Origin: the public address) through nginx, or straight to an instance.
 */
async function login(
  base: string,
  username: string,
  password: string,
  headers: Record<string, string> = {},
  code?: string,
) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: proxy, ...headers },
    body: JSON.stringify({ username, password, code }),
  });
  return {
    status: response.status,
    cookie: response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  };
}

it("serves the build's files and public files from disk, with long cache lifetimes", async () => {
  const home = await get(`${proxy}/`);
  const script = home.text.match(/\/_next\/static\/[^"']+\.js/)?.[0];
  expect(script).toBeDefined();
  const asset = await get(`${proxy}${script}`);
  expect(asset.status).toBe(200);
  expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  const image = await get(`${proxy}/images/circle.svg`);
  expect(image.status).toBe(200);
  expect(image.headers.get("cache-control")).toBe("public, max-age=2592000");
});

it("logs each request in its own access log under the id the app logs, without a token link's secret or the query string", async () => {
  const reset = await get(`${proxy}/reset-password/SeCrEtReSeTtOkEn0123456789?email=someone%40example.com`);
  const unsubscribe = await get(`${proxy}/newsletter/unsubscribe/SeCrEtUnSuBsCrIbE987`);
  const lineOf = (id: string) =>
    readFileSync(nginx!.accessLog, "utf8")
      .split("\n")
      .find((line) => line.includes(id));
  for (const answer of [reset, unsubscribe]) {
    const id = answer.headers.get("x-request-id")!;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    for (const deadline = Date.now() + 5000; !lineOf(id) && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(lineOf(reset.headers.get("x-request-id")!)).toContain(
    `"GET /reset-password/[token] HTTP/1.1" ${reset.status} `,
  );
  expect(lineOf(unsubscribe.headers.get("x-request-id")!)).toContain(
    `"GET /newsletter/unsubscribe/[token] HTTP/1.1" ${unsubscribe.status} `,
  );
  const log = readFileSync(nginx!.accessLog, "utf8");
  for (const secret of ["SeCrEtReSeTtOkEn", "SeCrEtUnSuBsCrIbE", "someone"]) expect(log).not.toContain(secret);
});

/** A GET over TLS, for the site's own host, answered with its status and headers. */
function getOverTls(url: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
    const req = httpsRequest(url, { ca: readFileSync(certificate), headers: { host: new URL(proxy).host } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

it("sends Strict-Transport-Security with every answer over https, whatever location serves it, and none over http", async () => {
  const home = await get(`${proxy}/`);
  const script = home.text.match(/\/_next\/static\/[^"']+\.js/)![0];
  for (const path of ["/", "/faq", script, "/images/circle.svg", "/api/health", "/api/auth/me", "/no-such-page"]) {
    const answer = await getOverTls(`${nginx!.tlsUrl}${path}`);
    // The app's value (src/lib/http/security-headers.ts), once.
    expect([path, answer.headers["strict-transport-security"]]).toEqual([path, "max-age=63072000; includeSubDomains"]);
    expect((await get(`${proxy}${path}`)).headers.get("strict-transport-security")).toBeNull();
  }
});

it("empties its page cache with the guide's restore steps, so that no page of the database before is served", async () => {
  await get(`${proxy}/faq`);
  expect((await get(`${proxy}/faq`)).headers.get("x-cache-status")).toBe("HIT");
  const guide = readFileSync("docs/deployment.md", "utf8");
  const emptying = guide.match(/^find \/var\/cache\/nginx\/community .*-delete$/m)?.[0];
  expect(emptying).toBeDefined();
  execSync(emptying!.replace("/var/cache/nginx/community", nginx!.cacheDir));
  expect((await get(`${proxy}/faq`)).headers.get("x-cache-status")).toBe("MISS");
  expect((await get(`${proxy}/faq`)).headers.get("x-cache-status")).toBe("HIT");
});

it("answers /api/health 200 while one instance is starting (up, not ready yet): nginx asks the next", async () => {
  // The instance a rolling restart has just started: it accepts connections and is not ready.
  let asked = 0;
  const starting = createServer((request, response) => {
    if (request.url !== "/api/health") return void response.writeHead(404).end();
    asked++;
    response.writeHead(503, { "content-type": "application/json", "retry-after": "5" });
    response.end(JSON.stringify({ ok: false, ready: false, error: "Starting" }));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => starting.listen(port, "127.0.0.1", resolve));
  const rolling = await startNginx(path.join(scratch, "rolling"), {
    listen: await freePort(),
    refresh: await freePort(),
    instances: [port, Number(new URL(instances[0]!.baseUrl).port)],
  });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await fetch(`${rolling.url}/api/health`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect(asked).toBeGreaterThan(0);
  } finally {
    await rolling.stop();
    starting.close();
  }
});

it("logs each request the proxy passes on under nginx's request id", async () => {
  const answer = await get(`${proxy}/api/auth/me?probe=${Date.now()}`);
  const id = answer.headers.get("x-request-id");
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  const line = new RegExp(`^\\S+ ${id} GET /api/auth/me ${answer.status} [\\d.]+ ms$`, "m");
  const logs = () => ["a", "b"].map((name) => readFileSync(`.data/test-logs/instance-${name}.log`, "utf8")).join("");
  for (const deadline = Date.now() + 5000; !line.test(logs()) && Date.now() < deadline;)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(logs()).toMatch(line);
});

it("never looks up a visitor's API call in its cache, where the page lock would queue them; the calendar file is cached", async () => {
  // docs/decisions/055-the-mixed-traffic-tail.md: a lookup of an answer nginx never stores held each
  // request for the address behind the one in flight.
  for (const path of ["/api/events", "/api/luma/events?limit=10", "/api/auth/me"]) {
    await get(`${proxy}${path}`);
    expect([path, (await get(`${proxy}${path}`)).headers.get("x-cache-status")]).toEqual([path, "BYPASS"]);
  }
  await get(`${proxy}/api/events/calendar.ics`);
  expect((await get(`${proxy}/api/events/calendar.ics`)).headers.get("x-cache-status")).toBe("HIT");
});

it("caches public pages for visitors, and never what a signed-in member is sent", async () => {
  await get(`${proxy}/faq`);
  const second = await get(`${proxy}/faq`);
  expect(second.headers.get("x-cache-status")).toBe("HIT");

  const member = await createTestUser();
  const { cookie } = await login(proxy, member.username, TEST_PASSWORD);
  const asMember = await get(`${proxy}/faq`, { cookie });
  expect(asMember.headers.get("x-cache-status")).toBe("BYPASS");
  const profile = await get(`${proxy}/profile`, { cookie });
  expect(profile.status).toBe(200);
  expect(profile.headers.get("x-cache-status")).toBe("BYPASS");
  // Had the member's profile been stored, a visitor would now get it instead of the way to /login.
  const visitor = await get(`${proxy}/profile`);
  expect(visitor.status).toBe(307);
  expect(visitor.headers.get("location")).toContain("/login");
});

it("keeps a session made through one instance valid on the other", async () => {
  const member = await createTestUser();
  const { status, cookie } = await login(instances[0]!.baseUrl, member.username, TEST_PASSWORD);
  expect(status).toBe(200);
  const me = await get(`${instances[1]!.baseUrl}/api/auth/me`, { cookie });
  expect(me.status).toBe(200);
  expect(JSON.parse(me.text).username).toBe(member.username);
});

it("shares rate limits between the instances", async () => {
  const member = await createTestUser();
  for (const base of [
    instances[0]!.baseUrl,
    instances[1]!.baseUrl,
    instances[0]!.baseUrl,
    instances[1]!.baseUrl,
    instances[0]!.baseUrl,
  ]) {
    expect((await login(base, member.username, "wrong-password-1")).status).toBe(401);
  }
  expect((await login(instances[1]!.baseUrl, member.username, TEST_PASSWORD)).status).toBe(429);
});

it("records the client's address as nginx passes it, not as the client claims it", async () => {
  const member = await createTestUser();
  expect((await login(proxy, member.username, TEST_PASSWORD, { "x-forwarded-for": "203.0.113.9" })).status).toBe(200);
  const [session] = await testDb()
    .select({ ip: sessions.ip })
    .from(sessions)
    .where(eq(sessions.userId, member.id))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  expect(session?.ip).toBe("127.0.0.1");
});

it("sends an email once, though every instance runs the workers", async () => {
  const member = await createTestUser();
  // As a client of its own behind the proxy, so that the suite's shared per-address limit is untouched.
  const base = instances[0]!.baseUrl;
  const response = await fetch(`${base}/api/auth/forgot-password`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: proxy, "x-forwarded-for": "198.51.100.17" },
    body: JSON.stringify({ email: member.email }),
  });
  expect(response.status).toBe(200);
  for (const deadline = Date.now() + 30_000; Date.now() < deadline && (await messagesTo(member.email)).length === 0;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // Until its outbox row is sent and every delivery job for it has finished: a second worker that
  // could send it again would have done so by then.
  const delivered = async () => {
    const { rows } = await testDb().execute<{ status: string; jobs: string[] }>(
      sql`SELECT o.status, array(SELECT j.state::text FROM pgboss.job j WHERE j.name = 'email.deliver' AND j.singleton_key = 'email-' || o.id) AS jobs
          FROM email_outbox o WHERE o."to" = ${member.email}`,
    );
    return rows.length === 1 && rows[0]!.status === "sent" && rows[0]!.jobs.every((state) => state === "completed");
  };
  for (
    const deadline = Date.now() + 30_000;
    !(await delivered());
    await new Promise((resolve) => setTimeout(resolve, 100))
  )
    expect(Date.now()).toBeLessThan(deadline);
  expect(await messagesTo(member.email)).toHaveLength(1);
}, 45_000);

it("refuses a request body over the limit at the proxy", async () => {
  const status = await new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      `${proxy}/api/uploads/avatar`,
      { method: "POST", headers: { "content-length": String(300 * 1024 * 1024) } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end();
  });
  expect(status).toBe(413);
});

/** A request with any method (fetch refuses TRACE), answered with its status and Allow header. */
function methodAt(url: string, method: string) {
  return new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
    const req = httpRequest(url, { method }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, allow: res.headers.allow });
    });
    req.on("error", reject);
    req.end();
  });
}

it("answers a method a path does not serve 405 with its Allow header, from disk and from the app alike", async () => {
  const home = await get(`${proxy}/`);
  const script = home.text.match(/\/_next\/static\/[^"']+\.js/)![0];
  for (const [method, path, allow] of [
    ["POST", "/images/circle.svg", "GET, HEAD"],
    ["DELETE", script, "GET, HEAD"],
    ["PUT", "/about", "GET, HEAD"],
    ["TRACE", "/about", "GET, HEAD"],
    ["TRACE", "/api/health", "GET, HEAD, OPTIONS"],
    ["DELETE", "/api/health", "GET, HEAD, OPTIONS"],
    ["PROPFIND", "/api/forum/posts", "OPTIONS, POST"],
  ]) {
    expect([method, path, await methodAt(`${proxy}${path}`, method!)]).toEqual([method, path, { status: 405, allow }]);
  }
});

/** Accept-Encoding as real clients send it (nginx kept a copy per value). */
const CLIENTS = {
  chrome: "gzip, deflate, br, zstd",
  firefox: "gzip, deflate, br, zstd",
  safari: "gzip, deflate, br",
  "a client that asks for none": undefined,
} as const;

/** A page as a client with this Accept-Encoding receives it (raw HTTP, so that nothing adds its own header), decompressed. */
function getAs(url: string, acceptEncoding: string | undefined) {
  return new Promise<{ status: number; cache: string | undefined; encoding: string | undefined; text: string }>(
    (resolve, reject) => {
      const req = httpRequest(url, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          if (encoding && encoding !== "gzip") return reject(new Error(`unexpected Content-Encoding ${encoding}`));
          resolve({
            status: res.statusCode ?? 0,
            cache: res.headers["x-cache-status"] as string | undefined,
            encoding,
            text: (encoding ? gunzipSync(body) : body).toString("utf8"),
          });
        });
      });
      req.on("error", reject);
      req.end();
    },
  );
}

it("shows a public page edited in the content editor fresh through the proxy right after saving, to every browser", async () => {
  // Warm every cache first: nginx's, as each browser asks, and the page cache both instances share.
  for (let i = 0; i < 2; i++)
    for (const acceptEncoding of Object.values(CLIENTS)) await getAs(`${proxy}/about`, acceptEncoding);
  for (const acceptEncoding of Object.values(CLIENTS))
    expect((await getAs(`${proxy}/about`, acceptEncoding)).cache).toBe("HIT");

  const admin = await createTestUser({ isAdmin: true });
  const { cookie } = await login(proxy, admin.username, TEST_PASSWORD, {}, await freshTotpCode(admin.username));
  const content = JSON.parse((await get(`${proxy}/api/cms/content`, { cookie })).text);
  const marker = `Edited through the proxy ${Date.now()}`;
  content.about[0].content = marker;
  const saved = await fetch(`${proxy}/api/cms/content`, {
    method: "PUT",
    headers: { cookie, origin: proxy, "content-type": "application/json" },
    body: JSON.stringify(content),
  });
  expect(saved.status).toBe(200);

  for (const [client, acceptEncoding] of Object.entries(CLIENTS)) {
    const page = await getAs(`${proxy}/about`, acceptEncoding);
    expect([client, page.status, page.text.includes(marker)]).toEqual([client, 200, true]);
    // nginx compresses for those who accept it; the copy it keeps is one and the same.
    expect([client, page.encoding]).toEqual([client, acceptEncoding ? "gzip" : undefined]);
  }
  // Asked straight, as nginx asks them (for the site's host: another is sent there).
  for (const base of [instances[0]!.baseUrl, instances[1]!.baseUrl])
    expect((await rawRequest(`${base}/about`, { headers: { host: new URL(proxy).host } })).text).toContain(marker);
});

it("serves prerendered pages with the policy of their own scripts, kept with them in the cache and renewed by an edit (decision 033)", async () => {
  for (const page of ["/", "/faq", "/blog", "/events"]) {
    await get(`${proxy}${page}`);
    const cached = await get(`${proxy}${page}`);
    expect([page, cached.status, cached.headers.get("x-cache-status")]).toEqual([page, 200, "HIT"]);
    const problems = scriptPolicyProblems(cached.text, cached.headers.get("content-security-policy"));
    expect({ page, problems }).toEqual({ page, problems: [] });
  }

  // An edit regenerates the page with new inline scripts (its streamed data): the policy that comes
  // with it through nginx names them, on a visitor's first request after the save.
  const before = await get(`${proxy}/about`);
  const admin = await createTestUser({ isAdmin: true });
  const { cookie } = await login(proxy, admin.username, TEST_PASSWORD, {}, await freshTotpCode(admin.username));
  const content = JSON.parse((await get(`${proxy}/api/cms/content`, { cookie })).text);
  const marker = `Hashed again ${Date.now()}`;
  content.about[0].content = marker;
  const saved = await fetch(`${proxy}/api/cms/content`, {
    method: "PUT",
    headers: { cookie, origin: proxy, "content-type": "application/json" },
    body: JSON.stringify(content),
  });
  expect(saved.status).toBe(200);
  const after = await get(`${proxy}/about`);
  expect(after.text).toContain(marker);
  expect(after.headers.get("x-cache-status")).toBe("HIT");
  expect(after.headers.get("content-security-policy")).not.toBe(before.headers.get("content-security-policy"));
  expect(scriptPolicyProblems(after.text, after.headers.get("content-security-policy"))).toEqual([]);
  // Each instance serves the edited page from the shared page cache (or renders it again: Next.js'
  // own revalidation lands after the save), always with the policy of the scripts it sends.
  for (const base of [instances[0]!.baseUrl, instances[1]!.baseUrl]) {
    const direct = await rawRequest(`${base}/about`, { headers: { host: new URL(proxy).host } });
    expect(direct.text).toContain(marker);
    expect(scriptPolicyProblems(direct.text, String(direct.headers["content-security-policy"]))).toEqual([]);
  }
});

it("runs a scheduled job once per tick, though every instance schedules it and works its queue", async () => {
  // The email sweep is scheduled every minute by each of the three servers on this database (both
  // instances and the suite's own). Kept last in the file, so that a tick has usually passed already.
  const sweeps = async () =>
    (
      await testDb().execute<{ start_after: Date; state: string; retry_count: number }>(
        sql`SELECT start_after, state, retry_count FROM pgboss.job WHERE name = 'email.sweep' AND created_on >= ${instancesStartedAt.toISOString()} ORDER BY start_after`,
      )
    ).rows;
  for (
    const deadline = Date.now() + 75_000;
    Date.now() < deadline && !(await sweeps()).some((job) => job.state === "completed");
  ) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const jobs = await sweeps();
  expect(jobs.some((job) => job.state === "completed")).toBe(true);
  const gaps = jobs
    .slice(1)
    .map((job, i) => new Date(job.start_after).getTime() - new Date(jobs[i]!.start_after).getTime());
  expect(gaps.filter((gap) => gap < 30_000)).toEqual([]);
  expect(jobs.filter((job) => job.state === "completed").every((job) => job.retry_count === 0)).toBe(true);
}, 90_000);

it("streams a notification made on one instance to her open stream through nginx, unbuffered, whichever instance serves it", async () => {
  const { openEventStream } = await import("../support/sse");
  const { forumCategories, forumPosts, forumTopics } = await import("@/db/schema");
  const author = await createTestUser();
  const reactor = await createTestUser({ firstName: "Amara" });
  const [category] = await testDb()
    .select({ id: forumCategories.id })
    .from(forumCategories)
    .where(eq(forumCategories.slug, "introductions"));
  const slug = `stream-through-nginx-${Date.now()}`;
  const [topic] = await testDb()
    .insert(forumTopics)
    .values({
      title: "Streaming through the proxy",
      slug,
      content: "A topic for the stream test.",
      categoryId: category!.id,
      userId: author.id,
    })
    .returning();
  const [post] = await testDb()
    .insert(forumPosts)
    .values({ topicId: topic!.id, userId: author.id, content: "My reply in it" })
    .returning();

  // Her stream goes through nginx; the reaction is made on instance B, straight.
  const { cookie } = await login(proxy, author.username, TEST_PASSWORD, { "x-forwarded-for": "198.51.100.31" });
  const stream = await openEventStream(`${proxy}/api/notifications/stream`, { cookie });
  expect(stream.status).toBe(200);
  expect(stream.headers.get("x-cache-status")).toBeNull();
  await stream.next((e) => e.event === "unread");
  const reactorLogin = await login(instances[1]!.baseUrl, reactor.username, TEST_PASSWORD, {
    "x-forwarded-for": "198.51.100.32",
  });
  const base = instances[1]!.baseUrl;
  const reacted = await fetch(`${base}/api/forum/reactions`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: proxy, cookie: reactorLogin.cookie },
    body: JSON.stringify({ postId: post!.id, reactionType: "heart" }),
  });
  expect(reacted.status).toBe(200);
  const event = await stream.next((e) => e.event === "notification");
  expect(JSON.parse(event.data)).toMatchObject({
    kind: "forum_reaction",
    title: `Amara ${reactor.lastName} reacted to your reply in “Streaming through the proxy”`,
  });
  await stream.close();
});
