// npm run bench - performance figures. Needs a production build (npm run build or npm test first).
import { existsSync } from "node:fs";
import { startBenchApp } from "./lib/app";
import { benchFoundation } from "./foundation";
import { benchPublicSite } from "./public-site";
import { benchSpiritualProfile } from "./spiritual-profile";
import { benchEvents } from "./events";
import { benchMembership } from "./membership";

async function main() {
  if (!existsSync(".next/BUILD_ID")) throw new Error("No production build: run `npm run build` first.");
  console.log(`Benchmarks on ${process.platform}/${process.arch}, Node ${process.version}, ${(await import("node:os")).cpus().length} CPUs\n`);
  const app = await startBenchApp();
  const lines: string[] = [];
  try {
    lines.push(...(await benchFoundation(app)));
    lines.push(...(await benchPublicSite(app)));
    lines.push(...(await benchSpiritualProfile(app)));
    lines.push(...(await benchEvents(app)));
    lines.push(...(await benchMembership(app)));
  } finally {
    const stopMs = await app.stop();
    lines.push(`Clean stop (SIGTERM to exit, PostgreSQL included): ${(stopMs / 1000).toFixed(2)} s`);
  }
  console.log(lines.map((line) => `  ${line}`).join("\n"));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
