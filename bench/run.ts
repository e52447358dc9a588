// npm run bench - performance figures. Needs a production build (npm run build or npm test first).
import { existsSync } from "node:fs";
import { startBenchApp } from "./lib/app";
import { startMailbox } from "../tests/fakes/mailbox";
import { benchFoundation } from "./foundation";
import { benchPublicSite } from "./public-site";
import { benchSpiritualProfile } from "./spiritual-profile";
import { benchEvents } from "./events";
import { benchMembership } from "./membership";
import { benchLoad } from "./load";
import { benchChat } from "./chat";
import { benchPlaces } from "./places";
import { benchForum } from "./forum";
import { benchProfiles } from "./profiles";
import { benchLibrary } from "./library";
import { benchDashboard } from "./dashboard";
import { benchBilling } from "./billing";
import { benchNotifications } from "./notifications";
import { benchPages } from "./pages";
import { benchLevels } from "./levels";
import { benchCourses } from "./courses";
import { benchSearch } from "./search";

const BENCHES = {
  foundation: benchFoundation,
  pages: benchPages,
  "public-site": benchPublicSite,
  "spiritual-profile": benchSpiritualProfile,
  events: benchEvents,
  membership: benchMembership,
  places: benchPlaces,
  forum: benchForum,
  chat: benchChat,
  profiles: benchProfiles,
  library: benchLibrary,
  dashboard: benchDashboard,
  billing: benchBilling,
  notifications: benchNotifications,
  levels: benchLevels,
  courses: benchCourses,
  search: benchSearch,
  load: benchLoad,
};

async function main() {
  // `npm run bench -- events membership` runs only those; no names runs them all.
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !(name in BENCHES));
  if (unknown.length)
    throw new Error(`Unknown benchmark ${unknown.join(", ")}; choose from ${Object.keys(BENCHES).join(", ")}.`);
  const chosen = Object.entries(BENCHES).filter(([name]) => names.length === 0 || names.includes(name));
  if (!existsSync(".next/BUILD_ID")) throw new Error("No production build: run `npm run build` first.");
  console.log(
    `Benchmarks on ${process.platform}/${process.arch}, Node ${process.version}, ${(await import("node:os")).cpus().length} CPUs\n`,
  );
  // A local SMTP sink, so that emails are delivered as they would be (the notifications bench times it).
  const mailbox = await startMailbox();
  const app = await startBenchApp({ SMTP_URL: mailbox.env.SMTP_URL, EMAIL_FROM: mailbox.env.EMAIL_FROM });
  // Each benchmark's figures are printed as soon as it ends: a later one failing loses none of them.
  const print = (lines: string[]) => console.log(lines.map((line) => `  ${line}`).join("\n"));
  try {
    for (const [, bench] of chosen) print(await bench(app));
  } finally {
    await mailbox.stop();
    const stopMs = await app.stop();
    print([`Clean stop (SIGTERM to exit, PostgreSQL included): ${(stopMs / 1000).toFixed(2)} s`]);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
