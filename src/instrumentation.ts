// Runs once per server process: the request log and the request guard (methods and addresses no
// route takes, refused before Next.js sees them), then this instance's start-up work in the
// background (src/server/instance): job workers in every instance (pg-boss shares the work through
// PostgreSQL), the assistant's index and the demo library files. /api/health is ready when it is done.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startRequestLog } = await import("./server/instance/request-log");
  startRequestLog();
  // The API routes' methods, read from the source when the app was built (next.config.ts).
  const { compileRoutes, installRequestGuard } = await import("./server/instance/request-guard");
  installRequestGuard({ routes: compileRoutes(JSON.parse(process.env.API_ROUTE_METHODS ?? "{}")), checkRouteMethods: process.env.NODE_ENV === "production" });
  const { prepareInstance } = await import("./server/instance/readiness");
  prepareInstance();
}
