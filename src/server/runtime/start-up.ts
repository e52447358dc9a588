import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import { appUrlProblems, emailProblems, env, secretProblems } from "@/lib/env";

interface InstanceState {
  ready: boolean;
}

// On globalThis: instrumentation and the route handlers are separate bundles in one process.
const state = ((globalThis as unknown as { communityInstance?: InstanceState }).communityInstance ??= { ready: false });

export type Health = { ok: true; ready: true } | { ok: false; ready: boolean; error: string };

/** What GET /api/health answers: not ready while starting, and not ok while the database does not answer. */
export async function instanceHealth(): Promise<Health> {
  if (!state.ready) return { ok: false, ready: false, error: "Starting" };
  try {
    await db.execute(sql`select 1`);
    return { ok: true, ready: true };
  } catch {
    return { ok: false, ready: true, error: "Database unreachable" };
  }
}

/**
 * This instance's start-up work, begun from src/instrumentation.ts without holding up the server: the
 * required secrets, the site's address and the email sender, the job queue (its set-up under the start-up lock) and its workers, then the
 * assistant's index and the demo library files. An instance that cannot prepare exits non-zero, so
 * its supervisor restarts it, instead of serving 500s for good.
 */
export function prepareInstance(): void {
  void prepare().then(
    () => {
      state.ready = true;
    },
    (error: unknown) => {
      console.error(
        "[start] this instance could not prepare, exiting:",
        error instanceof Error ? error.message : error,
      );
      process.exit(1);
    },
  );
}

async function prepare(): Promise<void> {
  const problems = [...secretProblems(env()), ...appUrlProblems(env().APP_URL), ...emailProblems(env())];
  if (problems.length) throw new Error(problems.join(" "));
  const { startJobWorkers } = await import("@/server/runtime/worker");
  await startJobWorkers();
  // The assistant's index holds texts from the code (the FAQ) as well as the database: those from the
  // code are rebuilt at start, the database's when missing (reindexAtStart).
  const { reindexAtStart } = await import("@/server/assistant/index-passages");
  await reindexAtStart().catch((error) => console.error("[assistant] could not rebuild the index at start:", error));
  const { restoreDemoLibraryFiles } = await import("@/server/library/demo-files");
  await restoreDemoLibraryFiles().catch((error) => console.error("[library] could not write the demo files", error));
}
