import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// What makes a load's slow tail: each request's time as nginx logged it, grouped by what was asked;
// where an instance's CPU went, by thread; and what its main thread ran, from a V8 CPU profile.

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

/**
 * Times per "METHOD path (status)" from the shipped access log format (deploy/nginx/community.conf:
 * `... "METHOD path PROTOCOL" status bytes request_time cache_status ...`), slowest p95 first.
 */
export function timesByRequest(accessLog: string): string[] {
  const groups = new Map<string, number[]>();
  let all = 0;
  for (const line of readFileSync(accessLog, "utf8").split("\n")) {
    const match = line.match(/"(\w+) (\S+) [^"]*" (\d{3}) \d+ ([\d.]+) (\S+)/);
    if (!match) continue;
    const [, method, requestPath, status, seconds, cache] = match;
    const key = `${method} ${requestPath} ${status}${cache === "-" ? "" : ` cache ${cache}`}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(Number(seconds) * 1000);
    all++;
  }
  const slowOnes = [...groups.values()].flat().filter((ms) => ms >= 1000).length;
  return [...groups.entries()]
    .map(([key, times]) => ({ key, times: times.sort((a, b) => a - b) }))
    .sort((a, b) => percentile(b.times, 95) - percentile(a.times, 95))
    .map(
      ({ key, times }) =>
        `${key}: ${times.length} (${((100 * times.length) / all).toFixed(1)}% of requests), p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms, ${times.filter((ms) => ms >= 1000).length} of the ${slowOnes} at 1 s or more`,
    );
}

/** A task's name and CPU time (user + system, in clock ticks of 1/100 s) from its proc(5) stat file, or null once gone. */
function cpuOf(statFile: string): { name: string; ticks: number } | null {
  try {
    const stat = readFileSync(statFile, "utf8");
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of proc(5): utime and stime, here at index 11 and 12 after the name.
    return { name, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** CPU time of each entry of a /proc folder (`/proc`, `/proc/PID/task`) named by a number, by that number. */
function ticksIn(folder: string): Map<number, { name: string; ticks: number }> {
  const found = new Map<number, { name: string; ticks: number }>();
  for (const entry of readdirSync(folder)) {
    if (!/^\d+$/.test(entry)) continue;
    const cpu = cpuOf(`${folder}/${entry}/stat`);
    if (cpu) found.set(Number(entry), cpu);
  }
  return found;
}

/** CPU time of each thread of `pid`, by thread id, with its name. */
export function threadTicks(pid: number): Map<number, { name: string; ticks: number }> {
  return ticksIn(`/proc/${pid}/task`);
}

/** The CPU seconds each kind of thread of `pid` used between two readings: the main thread apart. */
export function cpuByThread(
  pid: number,
  before: Map<number, { name: string; ticks: number }>,
  after: Map<number, { name: string; ticks: number }>,
): string {
  const byKind = new Map<string, number>();
  for (const [tid, { name, ticks }] of after) {
    const kind = tid === pid ? "main thread" : name;
    byKind.set(kind, (byKind.get(kind) ?? 0) + (ticks - (before.get(tid)?.ticks ?? 0)) / 100);
  }
  return [...byKind.entries()]
    .filter(([, seconds]) => seconds >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, seconds]) => `${kind} ${seconds.toFixed(1)} s`)
    .join(", ");
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Where a stack frame's code comes from: a package, Next.js' server, the app's own chunks, or Node. */
function sourceOf(url: string): string {
  if (!url) return "V8 and native";
  if (url.startsWith("node:")) return "Node's own";
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (pkg === "next" && url.includes("/compiled/")) return `next (bundled ${url.match(/compiled\/([^/]+)/)?.[1]})`;
  if (pkg) return pkg;
  if (url.includes("/.next/server/")) return "the app's server chunks";
  return path.basename(url);
}

/**
 * The largest V8 CPU profile (--cpu-prof) in `dir`: self time by source and the busiest functions,
 * as shares of the profile's samples (idle included, so the main thread's spare time shows).
 */
export function profileSummary(dir: string, top = 10): string[] {
  if (!existsSync(dir)) return ["no CPU profile was written"];
  const files = readdirSync(dir).filter((file) => file.endsWith(".cpuprofile"));
  if (!files.length) return ["no CPU profile was written"];
  const largest = files
    .map((file) => path.join(dir, file))
    .sort((a, b) => readFileSync(b).length - readFileSync(a).length)[0]!;
  const profile = JSON.parse(readFileSync(largest, "utf8")) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const bySource = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    const frame = nodes.get(id)!.callFrame;
    total += micros;
    const name = frame.functionName || "(anonymous)";
    const source = name.startsWith("(") && !frame.url ? name : sourceOf(frame.url);
    bySource.set(source, (bySource.get(source) ?? 0) + micros);
    const where = frame.url ? ` ${path.basename(frame.url)}:${frame.lineNumber + 1}` : "";
    const key = `${name}${where} [${source}]`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
  });
  const share = (micros: number) => `${((100 * micros) / total).toFixed(1)}%`;
  const ranked = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, micros]) => `${key} ${share(micros)}`);
  return [
    `${(total / 1e6).toFixed(1)} s profiled; self time by source: ${ranked(bySource, top).join(", ")}`,
    `busiest functions: ${ranked(byFunction, top).join("; ")}`,
  ];
}

/** CPU time of every process on the machine, by pid, with its name (for `cpuByProcess`). */
export function processTicks(): Map<number, { name: string; ticks: number }> {
  return ticksIn("/proc");
}

/** The CPU seconds used between two readings by process name (postgres, nginx, node...), busiest first. */
export function cpuByProcess(
  before: Map<number, { name: string; ticks: number }>,
  after: Map<number, { name: string; ticks: number }>,
): string {
  const byName = new Map<string, number>();
  for (const [pid, { name, ticks }] of after)
    byName.set(name, (byName.get(name) ?? 0) + (ticks - (before.get(pid)?.ticks ?? 0)) / 100);
  return [...byName.entries()]
    .filter(([, seconds]) => seconds >= 0.5)
    .sort((a, b) => b[1] - a[1])
    .map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`)
    .join(", ");
}
