import {
  createECDH,
  createPublicKey,
  hkdfSync,
  createDecipheriv,
  randomBytes,
  verify,
  type KeyObject,
} from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { listenOnLoopback } from "./listen";

/**
 * A push service on 127.0.0.1 for the tests, with the browser's side of a subscription.
 * It refuses what a real push service refuses and keeps what it accepts, decrypted, for the test:
 *
 * - RFC 8030 (Generic Event Delivery Using HTTP Push), section 5: a message is a POST to the
 *   subscription's push resource; the TTL header is required (section 5.2: "A push service MUST
 *   return a 400 (Bad Request) status code in response to requests that omit the TTL header field");
 *   an unknown or expired subscription is 404 or 410 (section 7.3 and 8.2 of RFC 8030); a successful
 *   request is answered 201 Created with a Location (section 5).
 * - RFC 8292 (VAPID), section 3: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256
 *   (section 2), its `aud` is the origin of the push resource (section 2), its `exp` no more than
 *   24 hours ahead (section 2), and `sub` a mailto: or https: contact (section 2.1). A subscription
 *   made with an applicationServerKey accepts only that key (section 4.2): 403 otherwise.
 * - RFC 8291 (Message Encryption for Web Push) with RFC 8188 `aes128gcm` (Content-Encoding), one
 *   record; the payload at most 4096 bytes (RFC 8291 section 4: a push service MAY refuse larger, 413).
 */

export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscription: string;
  ttl: number;
  urgency: string | null;
  payload: unknown;
}

const b64url = (buffer: Buffer) => buffer.toString("base64url");

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** An uncompressed P-256 point (RFC 8291 section 3.1, X9.62) as a key object. */
function p256PublicKey(point: Buffer): KeyObject {
  if (point.length !== 65 || point[0] !== 4) throw new Error("not an uncompressed P-256 point");
  return createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: "jwk",
  });
}

/** RFC 8292 section 2 and 3: checks the VAPID JWT; answers the refusal, or null. */
function checkVapid(
  header: string | undefined,
  origin: string,
  serverKey: string | null,
): { status: number; reason: string } | null {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? "");
  if (!match) return { status: 401, reason: "missing or malformed vapid Authorization" };
  const [, token, key] = match as unknown as [string, string, string];
  if (serverKey && key !== serverKey)
    return { status: 403, reason: "the key is not the subscription's applicationServerKey" };
  const [head, body, signature] = token.split(".") as [string, string, string];
  let claims: { aud?: string; exp?: number; sub?: string };
  try {
    const alg = JSON.parse(Buffer.from(head, "base64url").toString("utf8")) as { alg?: string; typ?: string };
    if (alg.alg !== "ES256") return { status: 401, reason: "the JWT must be ES256" };
    const ok = verify(
      "sha256",
      Buffer.from(`${head}.${body}`),
      { key: p256PublicKey(Buffer.from(key, "base64url")), dsaEncoding: "ieee-p1363" },
      Buffer.from(signature, "base64url"),
    );
    if (!ok) return { status: 401, reason: "bad JWT signature" };
    claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return { status: 401, reason: "unreadable JWT" };
  }
  if (claims.aud !== origin) return { status: 401, reason: `aud must be ${origin}` };
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== "number" || claims.exp <= now || claims.exp > now + 24 * 3600)
    return { status: 401, reason: "exp must be in the next 24 hours" };
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub))
    return { status: 401, reason: "sub must be a mailto: or https: contact" };
  return null;
}

/** RFC 8291 section 3.4 and RFC 8188 section 2: decrypts one aes128gcm record with the subscription's keys. */
function decrypt(body: Buffer, ua: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65 || recordSize < 18 || ciphertext.length > recordSize) throw new Error("bad aes128gcm header");
  const uaPublic = ua.ecdh.getPublicKey();
  const ecdhSecret = ua.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, ua.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding (RFC 8188 section 2).
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("bad padding delimiter");
  return padded.subarray(0, end);
}

type FakePushService = {
  origin: string;
  env: Record<string, string>;
  /** What a browser's pushManager.subscribe() would give: an endpoint and its RFC 8291 keys. */
  subscribe: (applicationServerKey?: string) => FakeSubscription;
  /** The subscription stops existing (the browser unsubscribed): the service answers 410. */
  expire: (endpoint: string) => void;
  received: (endpoint?: string) => ReceivedPush[];
  refusals: () => string[];
  stop: () => Promise<void>;
};

export async function startFakePushService(): Promise<FakePushService> {
  const api = {} as FakePushService;
  const subscriptions = new Map<
    string,
    { ecdh: ReturnType<typeof createECDH>; auth: Buffer; serverKey: string | null; expired: boolean }
  >();
  const received: ReceivedPush[] = [];
  const refusals: string[] = [];
  let origin = "";
  const server: Server = createServer(async (request, response) => {
    const refuse = (status: number, reason: string) => {
      refusals.push(`${status} ${reason}`);
      response.writeHead(status, { "content-type": "text/plain" }).end(reason);
    };
    // The tests' side (jest runs in another process): make a subscription as a browser would, read what arrived.
    if (request.url?.startsWith("/_test/")) {
      const url = new URL(request.url, origin);
      await readBody(request);
      const json = (value: unknown) =>
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
      if (url.pathname === "/_test/subscribe")
        return json(api.subscribe(url.searchParams.get("applicationServerKey") ?? undefined));
      if (url.pathname === "/_test/received") return json(api.received(url.searchParams.get("endpoint") ?? undefined));
      if (url.pathname === "/_test/expire")
        return json((api.expire(url.searchParams.get("endpoint") ?? ""), { ok: true }));
      if (url.pathname === "/_test/refusals") return json(api.refusals());
    }
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? "")?.[1];
    const subscription = id ? subscriptions.get(id) : undefined;
    const body = await readBody(request);
    if (request.method !== "POST") return refuse(405, "only POST");
    if (!subscription) return refuse(404, "no such subscription");
    if (subscription.expired) return refuse(410, "subscription expired");
    const vapid = checkVapid(request.headers.authorization, origin, subscription.serverKey);
    if (vapid) return refuse(vapid.status, vapid.reason);
    const ttl = request.headers.ttl;
    if (ttl === undefined || !/^\d+$/.test(String(ttl))) return refuse(400, "TTL header required");
    const urgency = request.headers.urgency ? String(request.headers.urgency) : null;
    if (urgency && !["very-low", "low", "normal", "high"].includes(urgency)) return refuse(400, "bad Urgency");
    if (body.length === 0) {
      received.push({ subscription: id!, ttl: Number(ttl), urgency, payload: null });
    } else {
      if (request.headers["content-encoding"] !== "aes128gcm") return refuse(415, "Content-Encoding must be aes128gcm");
      if (body.length > 4096) return refuse(413, "payload larger than 4096 bytes");
      let plaintext: Buffer;
      try {
        plaintext = decrypt(body, subscription);
      } catch (error) {
        return refuse(400, `cannot decrypt: ${(error as Error).message}`);
      }
      received.push({ subscription: id!, ttl: Number(ttl), urgency, payload: JSON.parse(plaintext.toString("utf8")) });
    }
    response.writeHead(201, { location: `${origin}/message/${randomBytes(8).toString("hex")}` }).end();
  });
  await listenOnLoopback(server);
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake push service did not start");
  origin = `http://127.0.0.1:${address.port}`;
  const methods: FakePushService = {
    origin,
    env: { PUSH_SERVICE_ORIGINS: origin, TEST_PUSH_SERVICE_URL: origin },
    subscribe(applicationServerKey) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(12).toString("base64url");
      subscriptions.set(id, { ecdh, auth, serverKey: applicationServerKey ?? null, expired: false });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    expire(endpoint) {
      const entry = subscriptions.get(endpoint.split("/").pop()!);
      if (entry) entry.expired = true;
    },
    received: (endpoint) => received.filter((push) => !endpoint || endpoint.endsWith(`/${push.subscription}`)),
    refusals: () => [...refusals],
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  Object.assign(api, methods);
  return api;
}
