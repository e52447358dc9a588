import type { Pool } from "pg";

export interface PoolLimits {
  answer?: number;
  statement?: number;
  lock?: number;
  idleInTransaction?: number;
  idleSession?: number;
  commitWindow?: number;
  poolIdle?: number;
  connect: number;
}

export type PoolProfile = "requests" | "pageCache" | "jobs" | "operator";

export const POOL_PROFILES: Record<PoolProfile, PoolLimits>;

export function createPool(options: {
  connectionString: string;
  max: number;
  profile: PoolProfile;
  applicationName?: string;
}): Pool;
