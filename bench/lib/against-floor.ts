import { describeLoad, runLoad, type LoadResult } from "./load";

export interface Measured {
  label: string;
  path: string;
  result: LoadResult;
  /** The floor measured just before it, on the same machine a few seconds earlier. */
  floor: LoadResult;
}

const SECONDS = 6;
const CONNECTIONS = 20;

/**
 * Each path at 20 connections, right after the floor it is compared with (`floorPath`, with the same
 * headers), so that both see the same load from whatever else runs on the machine: the shared machine's
 * load changes from one minute to the next, and a floor measured once at the start would flatter or
 * wrong the pages measured last. Each path is warmed first (compilation, the page cache's first miss).
 */
export async function measureAgainstFloor(options: {
  baseUrl: string;
  headers?: Record<string, string>;
  floorPath: string;
  paths: Array<{ label: string; path: string }>;
}): Promise<Measured[]> {
  const load = (path: string, seconds = SECONDS) =>
    runLoad({ url: `${options.baseUrl}${path}`, headers: options.headers, connections: CONNECTIONS, seconds });
  for (const { path } of [{ path: options.floorPath }, ...options.paths]) await load(path, 2);
  const measured: Measured[] = [];
  for (const { label, path } of options.paths) {
    const floor = await load(options.floorPath);
    measured.push({ label, path, floor, result: await load(path) });
  }
  return measured;
}

/** "GET /forum: 480 req/s (p95 90 ms), 86% of the floor's 560 req/s measured just before (goal: at least 40%)". */
export function describeShare(measured: Measured, floorName: string, goal: number): string {
  const share = measured.result.requestsPerSecond / measured.floor.requestsPerSecond;
  const verdict = share >= goal ? "met" : "NOT met";
  return `${describeLoad(`${measured.label} GET ${measured.path}`, measured.result)}; ${(share * 100).toFixed(0)}% of ${floorName} (${measured.floor.requestsPerSecond.toFixed(0)} req/s just before; goal at least ${(goal * 100).toFixed(0)}%: ${verdict})`;
}
