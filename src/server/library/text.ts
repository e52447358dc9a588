// An article's words, shared by the editor's form, the server and the demo seed (no server-only imports).

/** The words of an article (its HTML without tags), for the "write something" check and reading time. */
export function articleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const WORDS_PER_MINUTE = 200;

/** Minutes to read an article at 200 words a minute, at least 1 (decisions.md, Library reading time). */
export function readingMinutes(html: string): number {
  const words = articleText(html).split(" ").filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
