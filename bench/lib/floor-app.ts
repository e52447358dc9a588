import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/lib/free-port";

export interface FloorApp {
  baseUrl: string;
  /** The app's build directory (its .next). */
  buildDir: string;
  stop: () => Promise<void>;
}

/**
 * The framework's floor: a one-page Next.js app built and started with this project's own
 * node_modules (the same Next.js and React), a heading and a paragraph, no client code of its own.
 * What our public pages send above its first-load JS is ours to answer for.
 */
export async function startFloorApp(): Promise<FloorApp> {
  // Outside the project (inside it, Next.js would take up our src/instrumentation.ts), with our
  // node_modules linked in; Turbopack's root is "/" so that it follows that link.
  const dir = mkdtempSync(path.join(tmpdir(), "community-floor-"));
  mkdirSync(path.join(dir, "app"));
  symlinkSync(path.join(process.cwd(), "node_modules"), path.join(dir, "node_modules"));
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ private: true, name: "floor" }));
  writeFileSync(
    path.join(dir, "next.config.mjs"),
    'export default { poweredByHeader: false, turbopack: { root: "/" } };\n',
  );
  writeFileSync(
    path.join(dir, "app/layout.jsx"),
    'export const metadata = { title: "Floor", description: "A one-page Next.js app" };\nexport default function Layout({ children }) { return <html lang="en"><body>{children}</body></html>; }\n',
  );
  writeFileSync(
    path.join(dir, "app/page.jsx"),
    "export default function Page() { return <main><h1>One page</h1><p>The framework and nothing else.</p></main>; }\n",
  );
  const next = path.join(process.cwd(), "node_modules/next/dist/bin/next");
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" };
  execFileSync(process.execPath, [next, "build"], { cwd: dir, env, stdio: "pipe" });
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [next, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: dir,
    env,
    stdio: "ignore",
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(baseUrl).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i === 600) throw new Error("The one-page app did not answer 200 within a minute.");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    buildDir: path.join(dir, ".next"),
    stop: async () => {
      await new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
