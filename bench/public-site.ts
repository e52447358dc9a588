import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { BenchApp } from "./lib/app";

const LIGHTHOUSE_PAGES = ["/", "/about", "/membership", "/faq", "/blog"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const CHROMIUM = "/usr/bin/chromium";
const PERFORMANCE_METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];

/**
 * First-load JavaScript of a prerendered page: every script the HTML loads from /_next/static,
 * gzipped at level 9 (what a CDN would send), read from the production build.
 */
export function firstLoadJsBytes(page: "index" | string): { files: number; gzipBytes: number } {
  const html = readFileSync(path.join(".next/server/app", `${page}.html`), "utf8");
  // Scripts marked noModule (legacy polyfills) are skipped by every browser that runs modules.
  const tags = [...html.matchAll(/<script[^>]+>/g)].map((m) => m[0]).filter((tag) => !/nomodule/i.test(tag));
  const sources = new Set(tags.flatMap((tag) => [...tag.matchAll(/src="\/_next\/(static\/[^"]+\.js)"/g)].map((m) => m[1]!)));
  let gzipBytes = 0;
  for (const source of sources) gzipBytes += gzipSync(readFileSync(path.join(".next", source)), { level: 9 }).length;
  return { files: sources.size, gzipBytes };
}

/** Issue 3: Lighthouse (mobile) on five public pages in Debian's Chromium, and the first-load JS of /. */
export async function benchPublicSite(app: BenchApp): Promise<string[]> {
  const js = firstLoadJsBytes("index");
  const lines = [`First-load JS of / (gzipped, ${js.files} files): ${(js.gzipBytes / 1024).toFixed(1)} kB (target <= 130 kB)`];

  const { default: lighthouse } = await import("lighthouse");
  const { launch } = await import("chrome-launcher");
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
  try {
    for (const page of LIGHTHOUSE_PAGES) {
      // Warm the static page once so the score measures the page, not its first regeneration.
      await fetch(`${app.baseUrl}${page}`);
      const result = await lighthouse(`${app.baseUrl}${page}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES], formFactor: "mobile" });
      const categories = result?.lhr.categories ?? {};
      const scores = CATEGORIES.map((c) => `${c} ${Math.round((categories[c]?.score ?? 0) * 100)}`).join(", ");
      lines.push(`Lighthouse mobile ${page}: ${scores}`);
      const audits = result?.lhr.audits ?? {};
      const metrics = PERFORMANCE_METRICS.map((id) => `${id} ${audits[id]?.displayValue ?? "?"}`).join(", ");
      lines.push(`    ${metrics}`);
      const failing = Object.values(result?.lhr.audits ?? {}).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary");
      if (failing.length) lines.push(`    failing audits: ${failing.map((a) => a.id).join(", ")}`);
    }
  } finally {
    chrome.kill();
  }
  lines.push("Targets: performance >= 95; accessibility, best practices and SEO = 100.");
  return lines;
}
