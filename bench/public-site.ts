import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { BenchApp } from "./lib/app";
import { startFloorApp } from "./lib/floor-app";

const PAGES = ["/", "/about", "/membership", "/faq", "/blog"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const CHROMIUM = "/usr/bin/chromium";
const LIGHTHOUSE_RUNS = 3;
/** The budget: each public page's first-load JS at most the floor plus this. */
const JS_ALLOWANCE_BYTES = 25 * 1024;
/** ... and its Lighthouse performance median within this of the floor's, in the same run. */
const PERFORMANCE_ALLOWANCE = 3;

/**
 * First-load JavaScript of a prerendered page: every script its HTML loads from /_next/static,
 * gzipped at level 9 (what a CDN would send), read from a production build.
 */
export function firstLoadJsBytes(page: string, buildDir = ".next"): { files: number; gzipBytes: number } {
  const file = page === "/" ? "index" : page.slice(1);
  const html = readFileSync(path.join(buildDir, "server/app", `${file}.html`), "utf8");
  // Scripts marked noModule (legacy polyfills) are skipped by every browser that runs modules.
  const tags = [...html.matchAll(/<script[^>]+>/g)].map((m) => m[0]).filter((tag) => !/nomodule/i.test(tag));
  const sources = new Set(
    tags.flatMap((tag) => [...tag.matchAll(/src="\/_next\/(static\/[^"]+\.js)"/g)].map((m) => m[1]!)),
  );
  let gzipBytes = 0;
  for (const source of sources) gzipBytes += gzipSync(readFileSync(path.join(buildDir, source)), { level: 9 }).length;
  return { files: sources.size, gzipBytes };
}

type Run = Record<(typeof CATEGORIES)[number], number> & {
  /** Every script the page loaded while Lighthouse watched (prefetches included), and their bytes transferred. */
  scripts: number;
  scriptBytes: number;
  totalBlockingMs: number;
};
type Scores = Run & { range: string };

async function lighthouseScores(urls: string[]): Promise<Scores[]> {
  const { default: lighthouse } = await import("lighthouse");
  const { launch } = await import("chrome-launcher");
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const scores: Scores[] = [];
    for (const url of urls) {
      // Warm the static page once so the score measures the page, not its first regeneration.
      await fetch(url);
      // Simulated throttling scales the tasks Lighthouse observes, so one run on a shared 2-core
      // machine swings by several points: the median of LIGHTHOUSE_RUNS, and the range.
      const runs: Run[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
          formFactor: "mobile",
        });
        if (result?.lhr.runtimeError)
          throw new Error(
            `Lighthouse could not load ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`,
          );
        if (!result) continue;
        const summary = result.lhr.audits["resource-summary"]?.details as
          { items: Array<{ resourceType: string; requestCount: number; transferSize: number }> } | undefined;
        const scripts = summary?.items.find((item) => item.resourceType === "script");
        runs.push({
          ...(Object.fromEntries(
            CATEGORIES.map((c) => [c, Math.round((result.lhr.categories[c]?.score ?? 0) * 100)]),
          ) as Record<(typeof CATEGORIES)[number], number>),
          scripts: scripts?.requestCount ?? 0,
          scriptBytes: scripts?.transferSize ?? 0,
          totalBlockingMs: Math.round(result.lhr.audits["total-blocking-time"]?.numericValue ?? 0),
        });
      }
      runs.sort((a, b) => a.performance - b.performance);
      scores.push({
        ...runs[Math.floor(runs.length / 2)]!,
        range: `${runs[0]!.performance}-${runs.at(-1)!.performance}`,
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/**
 * Our five public pages next to a one-page Next.js app on the same versions, in one
 * run: first-load JS (gzipped) and Lighthouse mobile, with the budget's verdict for each.
 */
export async function benchPublicSite(app: BenchApp): Promise<string[]> {
  const loadBefore = loadavg()[0]!;
  const floor = await startFloorApp();
  try {
    const floorJs = firstLoadJsBytes("/", floor.buildDir);
    const [floorScores] = await lighthouseScores([floor.baseUrl]);
    const ours = await lighthouseScores(PAGES.map((page) => `${app.baseUrl}${page}`));
    const lines = [
      `Floor: a one-page Next.js app, same versions: first-load JS ${kB(floorJs.gzipBytes)} (${floorJs.files} files), Lighthouse mobile performance ${floorScores!.performance} (range ${floorScores!.range}), total blocking time ${floorScores!.totalBlockingMs} ms, scripts ${floorScores!.scripts} (${kB(floorScores!.scriptBytes)}), a11y ${floorScores!.accessibility}, best practices ${floorScores!["best-practices"]}, SEO ${floorScores!.seo}`,
      `Budget: first-load JS <= ${kB(floorJs.gzipBytes + JS_ALLOWANCE_BYTES)}; performance >= ${floorScores!.performance - PERFORMANCE_ALLOWANCE}; accessibility, best practices and SEO 100`,
      "Page         First-load JS        Perf (range)   TBT     Scripts (all)      A11y  BP   SEO   Verdict",
    ];
    const failures: string[] = [];
    PAGES.forEach((page, i) => {
      const js = firstLoadJsBytes(page);
      const s = ours[i]!;
      const over = [
        js.gzipBytes > floorJs.gzipBytes + JS_ALLOWANCE_BYTES
          ? `JS +${kB(js.gzipBytes - floorJs.gzipBytes - JS_ALLOWANCE_BYTES)} over`
          : null,
        s.performance < floorScores!.performance - PERFORMANCE_ALLOWANCE
          ? `performance ${floorScores!.performance - PERFORMANCE_ALLOWANCE - s.performance} under`
          : null,
        ...(["accessibility", "best-practices", "seo"] as const).filter((c) => s[c] < 100).map((c) => `${c} ${s[c]}`),
      ].filter(Boolean);
      lines.push(
        `${page.padEnd(12)} ${`${kB(js.gzipBytes)} (+${kB(js.gzipBytes - floorJs.gzipBytes)})`.padEnd(20)} ${`${s.performance} (${s.range})`.padEnd(14)} ${`${s.totalBlockingMs} ms`.padEnd(7)} ${`${s.scripts} (${kB(s.scriptBytes)})`.padEnd(18)} ${String(s.accessibility).padEnd(5)} ${String(s["best-practices"]).padEnd(4)} ${String(s.seo).padEnd(5)} ${over.length ? over.join("; ") : "within budget"}`,
      );
      if (over.length) failures.push(`${page} (${over.join("; ")})`);
    });
    // Lighthouse's simulated throttling scales what it observes: on a busy machine every score drops.
    lines.push(
      `Machine load (1-minute average): ${loadBefore.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`,
    );
    lines.push(
      failures.length
        ? `VERDICT: BUDGET NOT MET on ${failures.length} of ${PAGES.length} pages: ${failures.join(", ")}`
        : `VERDICT: the budget holds on all ${PAGES.length} pages`,
    );
    return lines;
  } finally {
    await floor.stop();
  }
}
