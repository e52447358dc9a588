import "server-only";
import { inArray, isNull, or, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { levelsOpenTo, type LevelSubject, type Permission } from "@/lib/auth/access";

/**
 * A WHERE condition keeping rows whose required level (`column`, null for none) the user may read:
 * her tier and the ones below it. Undefined for whoever acts as an admin (and holders of `editors`
 * when given), who read everything. Every query of gated content (forum categories, library items,
 * the assistant's passages) filters with this, so rows above her tier are never loaded, let alone sent.
 */
export function readableLevel(column: AnyPgColumn, user: LevelSubject | null, editors?: Permission): SQL | undefined {
  const open = levelsOpenTo(user, editors);
  if (open === null) return undefined;
  if (open.length === 0) return isNull(column);
  return or(isNull(column), inArray(column, [...open]));
}
