import { describeLoad, pooledLoad, runLoad, type LoadResult } from "./load";

export interface Measured {
  label: string;
  path: string;
  result: LoadResult;
  /** The floor measured in turn with it, on the same machine in the same seconds. */
  floor: LoadResult;
}

/** Each side's time: TURNS turns of TURN_SECONDS, the floor and the path alternating. */
const TURNS = 3;
const TURN_SECONDS = 2;
const CONNECTIONS = 20;

/**
 * Each path at 20 connections, in turn with the floor it is compared with (`floorPath`, with the same
 * headers): three turns of 2 s each, floor then path, each side's responses pooled. Both see the same
 * load from whatever else runs on the machine: the shared machine's load changes from one second to
 * the next (the floor's p95 read 77 to 266 ms within one run when it was measured once, 6 s, before
 * each path), and a floor measured apart from the path would flatter or wrong it. Each path is warmed
 * first (compilation, the page cache's first miss).
 */
export async function measureAgainstFloor(options: {
  baseUrl: string;
  headers?: Record<string, string>;
  floorPath: string;
  paths: Array<{ label: string; path: string }>;
}): Promise<Measured[]> {
  const load = (path: string, seconds = TURN_SECONDS) =>
    runLoad({ url: `${options.baseUrl}${path}`, headers: options.headers, connections: CONNECTIONS, seconds });
  for (const { path } of [{ path: options.floorPath }, ...options.paths]) await load(path);
  const measured: Measured[] = [];
  for (const { label, path } of options.paths) {
    const floor: LoadResult[] = [];
    const result: LoadResult[] = [];
    for (let turn = 0; turn < TURNS; turn++) {
      floor.push(await load(options.floorPath));
      result.push(await load(path));
    }
    const seconds = TURNS * TURN_SECONDS;
    measured.push({ label, path, floor: pooledLoad(floor, seconds), result: pooledLoad(result, seconds) });
  }
  return measured;
}

/** "GET /forum: 480 req/s (p95 90 ms), 86% of the floor's 560 req/s measured in turn with it (goal: at least 40%)". */
export function describeShare(measured: Measured, floorName: string, goal: number): string {
  const share = measured.result.requestsPerSecond / measured.floor.requestsPerSecond;
  const verdict = share >= goal ? "met" : "NOT met";
  return `${describeLoad(`${measured.label} GET ${measured.path}`, measured.result)}; ${(share * 100).toFixed(0)}% of ${floorName} (${measured.floor.requestsPerSecond.toFixed(0)} req/s in turn with it; goal at least ${(goal * 100).toFixed(0)}%: ${verdict})`;
}
