import "server-only";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { pool } from "@/db";
import { tooManyRequests } from "@/lib/errors";

export interface LimitPolicy {
  /** Names the counter family, e.g. "login_account". */
  keyPrefix: string;
  /** How many points may be consumed within `durationSeconds`. */
  points: number;
  durationSeconds: number;
  /** Once exceeded, how long the key stays blocked. Defaults to the window. */
  blockSeconds?: number;
}

const limiters = new Map<string, RateLimiterPostgres>();

// Counters live in PostgreSQL (table rate_limits) so that every app instance sees the same count.
function limiterFor(policy: LimitPolicy): RateLimiterPostgres {
  let limiter = limiters.get(policy.keyPrefix);
  if (!limiter) {
    limiter = new RateLimiterPostgres({
      storeClient: pool(),
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: policy.keyPrefix,
      points: policy.points,
      duration: policy.durationSeconds,
      blockDuration: policy.blockSeconds ?? policy.durationSeconds,
    });
    limiters.set(policy.keyPrefix, limiter);
  }
  return limiter;
}

/** Counts one use of `key`; throws a 429 AppError (with Retry-After) when the policy is exceeded. */
export async function consumeOrThrow(policy: LimitPolicy, key: string, message?: string): Promise<void> {
  try {
    await limiterFor(policy).consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooManyRequests(error.msBeforeNext / 1000, message);
    throw error;
  }
}

/** Seconds until `key` may be used again (its `points` are used up), or 0. Consumes nothing. */
export async function secondsBlocked(policy: LimitPolicy, key: string): Promise<number> {
  const state = await limiterFor(policy).get(key);
  if (!state || state.consumedPoints < policy.points) return 0;
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
}

/**
 * Records a use without throwing; returns seconds blocked afterwards (0 if still allowed). The count
 * is one atomic step in PostgreSQL (an upsert), so a guard that counts an attempt BEFORE doing the
 * work lets exactly `points` parallel attempts through, where a check followed by a count lets all of
 * them pass the check; `refund` gives the point back when the attempt turns out not to count.
 */
export async function recordUse(policy: LimitPolicy, key: string): Promise<number> {
  try {
    await limiterFor(policy).consume(key);
    return 0;
  } catch (error) {
    if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw error;
  }
}

export async function resetLimit(policy: LimitPolicy, key: string): Promise<void> {
  await limiterFor(policy).delete(key);
}

/** Gives back one use of `key` counted by recordUse, e.g. for an attempt that succeeded. */
export async function refund(policy: LimitPolicy, key: string): Promise<void> {
  await limiterFor(policy).reward(key, 1);
}
