import { spawn, type ChildProcess } from "node:child_process";

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
  // Node itself with tsx's loader, as `npm start` runs: tsx's command relays a SIGTERM to its child and,
  // when a busy child has not said within 30 ms that it got it, kills it (SIGKILL), which would leave
  // PostgreSQL running where the test stopped it.
  const child: ChildProcess = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
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
