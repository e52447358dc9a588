import type { BenchApp } from "./lib/app";
import { describeLoad, runLoad } from "./lib/load";

/** Cold start, and sign-in throughput and latency at 20 concurrent connections. */
export async function benchFoundation(app: BenchApp): Promise<string[]> {
  const login = await runLoad({
    url: `${app.baseUrl}/api/auth/login`,
    method: "POST",
    body: { username: "member", password: "community-demo" },
    headers: { origin: app.baseUrl },
    connections: 20,
    seconds: 15,
  });
  return [
    `Cold start (clean data dir to first 200 from /): ${(app.coldStartMs / 1000).toFixed(2)} s`,
    describeLoad("POST /api/auth/login (20 connections, 15 s)", login),
  ];
}
