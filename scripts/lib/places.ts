import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * Fills the birth-place list if it is empty (the first start of a database), in a child process
 * (scripts/load-places.mjs) so that the time zone boundaries it reads are never held by the app.
 */
export async function ensurePlaces(databaseUrl: string, log: (line: string) => void = () => {}): Promise<void> {
  const script = path.join(process.cwd(), "scripts/load-places.mjs");
  // Its own heap limit, on the command line so that a serving instance's NODE_OPTIONS cap never applies to it.
  const { stdout } = await run(process.execPath, ["--max-old-space-size=4096", script], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    maxBuffer: 1 << 20,
  });
  if (stdout.trim()) log(stdout.trim());
}
