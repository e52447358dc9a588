// An article's words, shared by the editor's form, the server and the demo seed (no server-only imports).

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " ", "#160": " " };

/**
 * The words of an article as plain text (its HTML without tags, the entities the sanitizer writes
 * decoded), for the "write something" check, reading time and the assistant's index.
 */
export function articleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|nbsp|#160);/g, (_entity, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, " ")
    .trim();
}

const WORDS_PER_MINUTE = 200;

/** Minutes to read an article at 200 words a minute, at least 1 (docs/decisions/020-library.md). */
export function readingMinutes(html: string): number {
  const words = articleText(html).split(" ").filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
