import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort } from "../scripts/lib/free-port";
import { startNginx } from "../scripts/lib/nginx";
import { serverEnv, startTestServer, type TestServer } from "../tests/support/server";
import { benchDatabaseUrl, benchSecrets, type BenchApp } from "./lib/app";
import { benchSignIn, describeLoad, pidOfListener, rssOfListener, runLoad, type LoadResult } from "./lib/load";
import { cpuByProcess, cpuByThread, processTicks, profileSummary, threadTicks, timesByRequest } from "./lib/tail";

const CONNECTIONS = 200;
const SECONDS = 60;

/** What a community's traffic looks like, per connection in turn: mostly reading, some signing in and posting. */
function mixedTraffic(cookie: string): autocannon.Request[] {
  const json = { "content-type": "application/json" };
  const member = { cookie };
  return [
    { method: "GET", path: "/" },
    { method: "GET", path: "/about" },
    { method: "GET", path: "/events" },
    { method: "GET", path: "/api/luma/events?limit=10" },
    { method: "GET", path: "/api/events" },
    { method: "GET", path: "/blog" },
    { method: "GET", path: "/faq" },
    { method: "GET", path: "/api/auth/me", headers: member },
    {
      method: "POST",
      path: "/api/auth/login",
      headers: json,
      body: JSON.stringify({ username: "member", password: "community-demo" }),
    },
  ];
}

async function drive(
  baseUrl: string,
  requests: autocannon.Request[],
  origin: string,
): Promise<LoadResult & { statuses: Record<string, number> }> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: baseUrl, connections: CONNECTIONS, duration: SECONDS, headers: { origin }, requests },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on("response", (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? NaN;
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / SECONDS,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    non2xx: result.non2xx,
    errors: result.errors,
    latencies,
    statuses,
  };
}

/**
 * Two instances behind nginx (deploy/nginx) on the bench app's database, 200 connections of
 * mixed traffic for 60 s; each instance's memory afterwards; and `/` through the proxy next to nginx
 * serving the same bytes from disk. What makes the mixed run's tail is printed after it: each kind of
 * request's times from nginx's access log, each instance's CPU by thread during the run, and the first
 * instance's main thread from a V8 CPU profile (docs/decisions/055-the-mixed-traffic-tail.md).
 */
export async function benchLoad(app: BenchApp): Promise<string[]> {
  const scratch = mkdtempSync(path.join(tmpdir(), "community-load-"));
  const secrets = benchSecrets(app);
  const refresh = await freePort();
  const listen = await freePort();
  const env = {
    ...serverEnv(benchDatabaseUrl(app)),
    AUTH_SECRET: secrets.authSecret,
    BIRTH_DATA_KEY: secrets.birthDataKey,
    TWO_FACTOR_KEY: secrets.twoFactorKey,
    // The site's public address is nginx's, for both instances.
    APP_URL: `http://127.0.0.1:${listen}`,
    TRUST_PROXY: "true",
    PROXY_CACHE_REFRESH_URL: `http://127.0.0.1:${refresh}`,
  };
  const instances: TestServer[] = [];
  const profiles = path.join(scratch, "profiles");
  try {
    instances.push(
      // The first instance is profiled (written when it stops); sampling costs it a few per cent.
      await startTestServer(env, path.join(scratch, "a.log"), ["--cpu-prof", `--cpu-prof-dir=${profiles}`]),
      await startTestServer(env, path.join(scratch, "b.log")),
    );
    const ports = instances.map((i) => Number(new URL(i.baseUrl).port));
    const staticRoot = path.join(scratch, "static");
    mkdirSync(staticRoot);
    const staticPort = await freePort();
    const nginx = await startNginx(
      path.join(scratch, "nginx"),
      { listen, refresh, instances: ports },
      {
        extraServers: `server { listen 127.0.0.1:${staticPort}; root ${staticRoot}; location = / { default_type text/html; try_files /index.html =404; } }`,
      },
    );
    try {
      const cookie = await benchSignIn(nginx.url, "member");
      const before = ports.map(rssOfListener);
      const pids = ports.map((port) => pidOfListener(port)!);
      const ticksBefore = pids.map(threadTicks);
      const machineBefore = processTicks();
      const mixed = await drive(nginx.url, mixedTraffic(cookie), nginx.url);
      const cpu = pids.map((pid, i) => cpuByThread(pid, ticksBefore[i]!, threadTicks(pid)));
      const machine = cpuByProcess(machineBefore, processTicks());
      const after = ports.map(rssOfListener);
      const byRequest = timesByRequest(nginx.accessLog);

      writeFileSync(path.join(staticRoot, "index.html"), await (await fetch(`${nginx.url}/`)).text());
      const proxied = await runLoad({ url: `${nginx.url}/`, connections: CONNECTIONS, seconds: 15 });
      const fromDisk = await runLoad({ url: `http://127.0.0.1:${staticPort}/`, connections: CONNECTIONS, seconds: 15 });

      const statuses = Object.entries(mixed.statuses)
        .map(([status, count]) => `${status}: ${count}`)
        .join(", ");
      await Promise.all(instances.map((instance) => instance.stop()));
      return [
        `${describeLoad(`Mixed traffic through nginx to 2 instances (${CONNECTIONS} connections, ${SECONDS} s)`, mixed)}; statuses ${statuses}`,
        "  Each kind of request in that run (nginx's access log, slowest p95 first):",
        ...byRequest.map((line) => `    ${line}`),
        `  CPU during that run: ${cpu.map((line, i) => `instance ${i + 1}: ${line}`).join("; ")} (2 CPUs: 120 s in 60 s)`,
        `  CPU during that run by process: ${machine} (the bench's own load generator is a node process too)`,
        ...profileSummary(profiles).map((line) => `  Instance 1's main thread over its life: ${line}`),
        `Instance memory (RSS) before/after the load: ${ports.map((_, i) => `${before[i]!.toFixed(0)}/${after[i]!.toFixed(0)} MB`).join(", ")} (goal: under 300 MB)`,
        describeLoad(`GET / through nginx (${CONNECTIONS} connections, 15 s)`, proxied),
        describeLoad(`GET / as a file served by nginx (${CONNECTIONS} connections, 15 s)`, fromDisk),
        `/ through the proxy vs nginx from disk: ${(proxied.requestsPerSecond / fromDisk.requestsPerSecond).toFixed(2)}x (goal: at least 0.8x)`,
      ];
    } finally {
      await nginx.stop();
    }
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    rmSync(scratch, { recursive: true, force: true });
  }
}
