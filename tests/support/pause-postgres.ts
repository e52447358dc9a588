import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The processes `postmaster` started (the backends and PostgreSQL's own workers). */
function childrenOf(postmaster: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster;
      } catch {
        return false; // it ended while we looked
      }
    })
    .map(Number);
}

/**
 * Freezes the PostgreSQL of `dataDir` whole, as a paused container or VM would (SIGSTOP to the
 * postmaster, then to every process it started); the returned function thaws it (SIGCONT).
 */
export function pausePostgres(dataDir: string): () => void {
  const postmaster = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  process.kill(postmaster, "SIGSTOP"); // first, so that it starts no backend while the others are stopped
  const processes = [postmaster, ...childrenOf(postmaster)];
  for (const pid of processes) process.kill(pid, "SIGSTOP");
  return () => {
    for (const pid of processes) {
      try {
        process.kill(pid, "SIGCONT");
      } catch {
        // gone (a backend whose client left)
      }
    }
  };
}
