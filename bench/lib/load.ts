import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Every response's time in ms, sorted (for pooling runs: `pooledLoad`). */
  latencies: number[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A distinct client address for the nth request (sent as X-Forwarded-For), so per-address rate limits never answer. */
export const clientAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** Drives `url` with `connections` concurrent connections for `seconds` and measures every response. */
export async function runLoad(options: {
  url: string;
  method?: "GET" | "POST";
  body?: unknown;
  headers?: Record<string, string>;
  connections?: number;
  seconds?: number;
  /** Send exactly this many requests (instead of running for `seconds`). */
  amount?: number;
  /** A body and headers of their own for each request (the nth), e.g. a new email or client address. */
  eachRequest?: (n: number) => { body: unknown; headers?: Record<string, string> };
}): Promise<LoadResult> {
  let n = 0;
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: options.method ?? "GET",
        connections: options.connections ?? 20,
        ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? 15 }),
        headers: { ...(options.body ? { "content-type": "application/json" } : {}), ...options.headers },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        requests: options.eachRequest
          ? [
              {
                setupRequest: (request) => {
                  const { body, headers } = options.eachRequest!(++n);
                  return {
                    ...request,
                    headers: { ...request.headers, "content-type": "application/json", ...headers },
                    body: JSON.stringify(body),
                  };
                },
              },
            ]
          : undefined,
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / (options.amount ? result.duration : (options.seconds ?? 15)),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: result.non2xx,
    errors: result.errors,
    latencies,
  };
}

/** Several runs of the same load as one: their requests over their seconds, percentiles of all responses. */
export function pooledLoad(runs: LoadResult[], seconds: number): LoadResult {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  return {
    requests,
    requestsPerSecond: requests / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    latencies,
  };
}

export function describeLoad(name: string, result: LoadResult): string {
  return `${name}: ${result.requestsPerSecond.toFixed(1)} req/s, p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms (${result.requests} requests, ${result.non2xx} non-2xx, ${result.errors} errors)`;
}

/** The process listening on `port` (from ss), or null. */
export function pidOfListener(port: number): number | null {
  const line = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
  const pid = line.match(/pid=(\d+)/)?.[1];
  return pid ? Number(pid) : null;
}

/** Resident memory of the process listening on `port`, in MB (from ss and /proc). */
export function rssOfListener(port: number): number {
  const pid = pidOfListener(port);
  if (!pid) return NaN;
  const kb = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/)?.[1];
  return Number(kb) / 1024;
}

/** The session cookie of a demo account, signed in on the bench app. */
export async function benchSignIn(baseUrl: string, username: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ username, password: "community-demo" }),
  });
  if (!login.ok) throw new Error(`Could not sign in as ${username}: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
