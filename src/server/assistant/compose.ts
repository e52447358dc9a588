import type { ChatSource } from "./schemas";

/** What the answers are built from: retrieved passages, best first. */
export interface AnswerPassage {
  title: string;
  url: string;
  body: string;
  excerpt: string;
  rank: number;
}

export const NOTHING_FOUND_ANSWER =
  "I could not find anything about that on our site. You can ask our team through the [contact form](/contact), and we will reply by email.";

/** Passages much weaker than the best one only add noise. */
const RELATIVE_RANK_FLOOR = 0.35;

/** The passages worth answering from: the best `limit`, dropping those far weaker than the first. */
export function selectPassages<P extends { rank: number }>(passages: P[], limit: number): P[] {
  const best = passages[0]?.rank ?? 0;
  return passages.filter((p) => p.rank >= best * RELATIVE_RANK_FLOOR).slice(0, limit);
}

/** The pages an answer cites, each once, in the order used. */
export function sourcesOf(passages: Array<{ title: string; url: string }>): ChatSource[] {
  const seen = new Map<string, ChatSource>();
  for (const p of passages) if (!seen.has(p.url)) seen.set(p.url, { title: p.title, url: p.url });
  return [...seen.values()];
}

/**
 * The answer without a model (the embedded default): the best passages' sentences around the
 * question's words, each under its linked title, as Markdown.
 */
export function composeExtractiveAnswer(passages: AnswerPassage[]): string {
  if (passages.length === 0) return NOTHING_FOUND_ANSWER;
  const parts = passages.map((p) => {
    const excerpt = p.excerpt.trim() || p.body;
    const open = p.body.startsWith(excerpt.slice(0, 20)) ? "" : "… ";
    const close = p.body.trimEnd().endsWith(excerpt.slice(-20)) ? "" : " …";
    return `**[${escapeLinkText(p.title)}](${p.url})**: ${open}${excerpt}${close}`;
  });
  return `Here is what I found on our site:\n\n${parts.join("\n\n")}`;
}

const escapeLinkText = (text: string) => text.replace(/[[\]]/g, "");
