import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * Runs a scheduled job now, through the running server's workers, as an operator would (`npm run jobs
 * -- run NAME`): for tests that would otherwise wait for its schedule.
 */
export async function runJobNow(name: string): Promise<void> {
  await run(
    process.execPath,
    [path.join(process.cwd(), "node_modules/tsx/dist/cli.mjs"), "scripts/jobs.ts", "run", name],
    { env: { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL } },
  );
}
