import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { assistantPassages } from "@/db/schema";
import type { ContentSaved } from "@/server/jobs/content-saved";
import { PASSAGE_PROVIDERS, type SourceKind } from "./providers";
import { relatedLexemes } from "./word-relations";

/**
 * The site's own texts carry the words WordNet relates to theirs (word-relations.ts). The forum and the
 * library, which members write and which may hold 100,000 topics, do not: their rows would grow
 * several times over, and the question's own relations still reach them.
 */
const RELATED_KINDS: ReadonlySet<SourceKind> = new Set(["faq", "tier", "page", "section", "event", "blog"]);

/** Replaces the passages of some sources of one kind (all of its sources when `ids` is absent). */
async function replacePassages(kind: SourceKind, ids: string[] | undefined, executor: Executor): Promise<number> {
  const provider = PASSAGE_PROVIDERS[kind];
  return executor.transaction(async (tx) => {
    // Two instances reindexing the same kind at once would otherwise insert the same keys.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`assistant_passages:${kind}`}))`);
    const wanted = ids ? new Set(ids) : null;
    const passages = (await provider.load(tx, ids)).filter((p) => !wanted || wanted.has(p.sourceId));
    await tx
      .delete(assistantPassages)
      .where(and(eq(assistantPassages.sourceKind, kind), ids ? inArray(assistantPassages.sourceId, ids) : undefined));
    const related = RELATED_KINDS.has(kind) ? await relatedLexemes(passages, tx) : [];
    const positions = new Map<string, number>();
    const rows = passages.map((p, i) => {
      const position = positions.get(p.sourceId) ?? 0;
      positions.set(p.sourceId, position + 1);
      return { ...p, sourceKind: kind, position, expiresAt: p.expiresAt ?? null, related: related[i] ?? "" };
    });
    for (let i = 0; i < rows.length; i += 500) await tx.insert(assistantPassages).values(rows.slice(i, i + 500));
    return rows.length;
  });
}

/** Brings the passages of one source (or several) up to date after it was created, changed or deleted. */
export async function reindexSource(
  kind: SourceKind,
  id: string | number | Array<string | number>,
  executor: Executor = db,
): Promise<void> {
  const ids = (Array.isArray(id) ? id : [id]).map(String);
  if (ids.length) await replacePassages(kind, ids, executor);
}

/** Rebuilds every passage of one kind (for sources without ids, such as the FAQ or the pages). */
export async function reindexKind(kind: SourceKind, executor: Executor = db): Promise<number> {
  return replacePassages(kind, undefined, executor);
}

/**
 * The assistant's answer to the `content.saved` event (src/server/jobs/content-saved.ts, sent by the
 * save paths; answered in src/server/runtime/worker.ts): the sources saved, or the whole kind.
 */
export async function reindexAfterContentSaved({ kind, ids }: ContentSaved): Promise<void> {
  if (!Object.hasOwn(PASSAGE_PROVIDERS, kind)) throw new Error(`content.saved names no kind of content: ${kind}`);
  if (ids) await reindexSource(kind, ids);
  else await reindexKind(kind);
}

/** The kinds whose passages quote the site settings: the FAQ names the site, its contact address and the trial. */
const KINDS_QUOTING_SETTINGS: SourceKind[] = ["faq", "section"];

/** The assistant's answer to the `settings.saved` event (src/server/runtime/worker.ts). */
export async function reindexAfterSettingsSaved(): Promise<void> {
  for (const kind of KINDS_QUOTING_SETTINGS) await reindexKind(kind);
}

/** Sources in the database whose save paths keep their passages current (a `content.saved` job each). */
const KEPT_BY_SAVES: ReadonlySet<SourceKind> = new Set(["event", "blog", "forum", "library"]);

/**
 * At an instance's start: the texts that come from the code or the page editor (the FAQ, tiers, pages,
 * sections), which a new version may change, always; the forum, library, events and blog only when none
 * of their passages is there yet (a new database) or, for events and the blog, when some were indexed
 * before the word relations, since their saves keep them current and the nightly
 * rebuild catches the rest. Re-reading a large forum at every start held every passage of 100,000 topics
 * in each new instance's memory at once (500 MB at start on the load bench's database).
 */
export async function reindexAtStart(executor: Executor = db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const kind of Object.keys(PASSAGE_PROVIDERS) as SourceKind[]) {
    if (KEPT_BY_SAVES.has(kind)) {
      const indexed = (related?: "") =>
        executor
          .select({ one: sql`1` })
          .from(assistantPassages)
          .where(
            and(
              eq(assistantPassages.sourceKind, kind),
              related === undefined ? undefined : eq(assistantPassages.related, related),
            ),
          )
          .limit(1);
      // Passages indexed before the word relations are rebuilt once.
      const [any] = await indexed();
      const [withoutRelated] = any && RELATED_KINDS.has(kind) ? await indexed("") : [];
      if (any && !withoutRelated) continue;
    }
    counts[kind] = await reindexKind(kind, executor);
  }
  return counts;
}

/** Rebuilds the whole index: nightly (and a kind at a time at start-up, reindexAtStart). */
export async function reindexAll(executor: Executor = db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const kind of Object.keys(PASSAGE_PROVIDERS) as SourceKind[]) counts[kind] = await reindexKind(kind, executor);
  return counts;
}
