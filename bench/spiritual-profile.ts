// Time to compute each spiritual-profile report (the engine itself, in this process): median of 100.
import { performance } from "node:perf_hooks";
import { buildAstrologyReport, buildGeneKeyReport, buildHumanDesignReport } from "@/server/spiritual-profile/reports";
import type { StoredBirthData } from "@/features/spiritual-profile/types";
import type { BenchApp } from "./lib/app";

const RUNS = 100;

export async function benchSpiritualProfile(_app: BenchApp): Promise<string[]> {
  const birth = (i: number): StoredBirthData => ({
    birthDate: "1992-10-03",
    birthTime: "00:03",
    place: { id: "bench", label: "Bench", latitude: 40.7, longitude: -74, timeZone: "America/New_York" },
    // A different minute each run, so nothing is served from a cache.
    utc: new Date(Date.UTC(1992, 9, 3, 4, 3) + i * 60_000 * 97).toISOString(),
    offsetMinutes: -240,
    offsetKind: "daylight",
  });
  const lines: string[] = [];
  for (const [name, build] of [
    ["Astrology", buildAstrologyReport],
    ["Human Design", buildHumanDesignReport],
    ["Gene Key", buildGeneKeyReport],
  ] as const) {
    build(birth(-1));
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      build(birth(i));
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    lines.push(
      `${name} report: median ${((times[49]! + times[50]!) / 2).toFixed(1)} ms, p95 ${times[94]!.toFixed(1)} ms (${RUNS} runs)`,
    );
  }
  return lines;
}
