import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export interface PostgresProcess {
  url: string;
  /** Stops PostgreSQL cleanly (SIGTERM) and waits until it has exited. */
  stop: () => Promise<void>;
}

/** An embedded PostgreSQL of the test's own on a fixed port (tests/support/run-postgres.ts). */
export function startPostgresProcess(
  dataDir: string,
  port: number,
  options: { fresh?: boolean; commitTimestamps?: boolean } = {},
): Promise<PostgresProcess> {
  const tsx = path.join(process.cwd(), "node_modules/tsx/dist/cli.mjs");
  const child: ChildProcess = spawn(
    process.execPath,
    [
      tsx,
      "tests/support/run-postgres.ts",
      dataDir,
      String(port),
      ...(options.fresh ? ["--fresh"] : []),
      ...(options.commitTimestamps ? ["--commit-timestamps"] : []),
    ],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = output.match(/READY (\S+)/);
      if (ready)
        resolve({
          url: ready[1]!,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once("exit", () => done());
              child.kill("SIGTERM");
            }),
        });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`PostgreSQL process exited (${code}):\n${output}`)));
  });
}
