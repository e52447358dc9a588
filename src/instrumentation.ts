// Runs once per server process: the request log, then this instance's start-up work in the
// background (src/server/runtime/start-up.ts): job workers in every instance (pg-boss shares the work through
// PostgreSQL), the assistant's index and the demo library files. /api/health is ready when it is done.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // What features do after one another (money, then applications): before anything is served.
  const { wireFeatures } = await import("./server/runtime/wiring");
  wireFeatures();
  const { startRequestLog } = await import("./server/instance/request-log");
  startRequestLog();
  const { prepareInstance } = await import("./server/runtime/start-up");
  prepareInstance();
}
