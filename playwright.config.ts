import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Debian's Chromium when it is installed (CI and offline machines); Playwright's own browser otherwise.
const SYSTEM_CHROMIUM = "/usr/bin/chromium";
const executablePath = existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: ".data/test-results",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // A hang's limit, not a speed target (those are benchmarks): on two cores, with two browsers and the
  // server sharing them, a journey through several pages took up to a minute and failed at 60 s on a
  // slower CI machine. Longer journeys say so with test.slow().
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: process.env.TEST_BASE_URL,
    // No trace: recording one for every test (kept only for failures) cost a sixth of the browser
    // tests' time on two cores; a failure keeps its screenshot and Playwright's error context (the
    // page's accessibility snapshot), which is what a failure here has been read from.
    trace: "off",
    screenshot: "only-on-failure",
    // The site scrolls smoothly unless she asks for less motion (globals.css). A test reads positions
    // and clicks at once, so a scroll still under way moved what it aimed at: tests ask for less motion.
    contextOptions: { reducedMotion: "reduce" },
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath,
          args: [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
          ],
        },
      },
    },
  ],
});
