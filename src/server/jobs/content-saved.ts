import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import type { ContentKind } from "@/features/assistant/constants";
import { getBoss, QUEUES } from "./boss";

/** What a `content.saved` job carries: the sources saved, or every source of the kind when `ids` is null. */
export interface ContentSaved {
  kind: ContentKind;
  ids: string[] | null;
}

/**
 * Tells whatever quotes the site's content (the assistant's index) that some of it was created,
 * changed or deleted: a `content.saved` job, which the assistant's worker answers by re-indexing those
 * sources (src/server/runtime/worker.ts). Saves never call the assistant (docs/decisions/039-three-floors.md).
 * Call it from the save path with its transaction: the job is written in it, so a save that rolls back
 * tells no one, and one that commits is always followed. `ids` omitted: every source of the kind
 * (a category's tier changed, the FAQ's page was edited).
 */
export async function contentSaved(
  kind: ContentKind,
  executor: Executor,
  ids?: string | number | Array<string | number>,
): Promise<void> {
  const list = ids === undefined ? null : (Array.isArray(ids) ? ids : [ids]).map(String);
  if (list?.length === 0) return;
  const data: ContentSaved = { kind, ids: list };
  const boss = await getBoss();
  await boss.send(QUEUES.contentSaved.name, data, {
    db: { executeSql: (text, values) => executor.execute(bound(text, values)) },
  });
}

/** pg-boss's statement (`$1`-style placeholders) as Drizzle SQL with the same values bound (an absent one as null). */
function bound(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 ? sql`${values[Number(part) - 1] ?? null}` : sql.raw(part))));
}
