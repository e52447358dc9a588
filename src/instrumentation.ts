// Starts the background job workers in every server instance (pg-boss shares the work through PostgreSQL).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // The assistant's index holds texts from the code (the FAQ) as well as the database: rebuilt at start.
  const { reindexAll } = await import("./server/assistant/index-passages");
  await reindexAll().catch((error) => console.error("[assistant] could not rebuild the index at start:", error));
  const { startJobWorkers } = await import("./server/jobs/worker");
  await startJobWorkers();
}
