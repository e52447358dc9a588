// How scripts/test.ts runs the integration files (docs/decisions/038-a-faster-suite.md).

/**
 * Files that run alone, one at a time, after the others: they time the app's answers in seconds
 * (503 within 5 s while PostgreSQL is frozen or restarting, a COMMIT refused after its window, the
 * notifications fan-out's worker caught in the 1.5 s it waits on a lock), and a second worker's load
 * on this machine's cores would be measured with them. Every other file runs on a stack of its own
 * (server, database, fakes) beside the others; the launcher's (a whole build and first start of a
 * clone, minutes) among them, since the windows it checks are the launcher's own, in tens of seconds.
 */
export const RUN_ALONE = ["fault-database", "fault-stall", "fault-stall-commit", "notifications"];

/** Jest workers for the files that run beside each other (TEST_INTEGRATION_WORKERS overrides). */
export const INTEGRATION_WORKERS = 2;
