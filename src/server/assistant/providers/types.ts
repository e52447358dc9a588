import "server-only";
import type { Executor } from "@/db/client";
import type { TierId } from "@/features/membership/constants";

/** One passage as a provider gives it; the index adds its search vector and position. */
export interface PassageInput {
  sourceId: string;
  title: string;
  url: string;
  body: string;
  /** The tier needed to read the source; null = public. */
  requiredLevel: TierId | null;
  /** When the passage stops being true (an event's end); absent = never. */
  expiresAt?: Date | null;
}

/**
 * A kind of content the assistant answers from. `load` returns the passages of the given sources
 * (all of them when `ids` is absent); a source that is gone or not to be shown (a draft, a cancelled
 * event) returns none, and its old passages are removed.
 */
export interface PassageProvider {
  load(executor: Executor, ids?: string[]): Promise<PassageInput[]>;
}

/** Splits long text at paragraph ends into passages of about `size` characters. */
export function splitIntoPassages(text: string, size = 1200): string[] {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  const passages: string[] = [];
  let current = "";
  for (const paragraph of paragraphs) {
    if (current && current.length + paragraph.length > size) {
      passages.push(current);
      current = "";
    }
    current = current ? `${current}\n\n${paragraph}` : paragraph;
  }
  if (current) passages.push(current);
  return passages;
}
