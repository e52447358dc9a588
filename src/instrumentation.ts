// Starts the background job workers in every server instance (pg-boss shares the work through PostgreSQL).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startJobWorkers } = await import("./server/jobs/worker");
  await startJobWorkers();
}
