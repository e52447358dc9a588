// The three floors of src/server (docs/architecture.md, docs/decisions/039-three-floors.md), read by
// eslint.config.mjs, which refuses every import against them, and by src/boundaries.test.ts.
//
// - platform: what every feature may use, and which imports no feature. A module or folder named here.
// - runtime: src/server/runtime, which wires features together: the job worker, the start-up, the
//   Stripe webhook's dispatch, the hooks one feature runs after another. Nothing under it is imported
//   by a feature or the platform; pages and route handlers may.
// - feature: every other folder. It uses the platform, and reaches another feature only through that
//   feature's index.ts. A new folder is a feature until it is named here.

/** The platform: sessions, email, the job queue's client, rate limits, storage, settings, audit, http, pages, CSV, sealing, Stripe's client, the page cache, the request log. */
export const PLATFORM = [
  "audit",
  "auth",
  "cache",
  "csv.ts",
  "email",
  "http",
  "instance",
  "jobs",
  "pagination.ts",
  "rate-limit",
  "sealing.ts",
  "settings",
  "stripe",
  "storage",
];

export const RUNTIME = "runtime";
