import "server-only";
import type { ChatSource } from "@/features/assistant/schemas";

/** What the answers are built from: a passage of the site, with the page that shows it. */
export interface AnswerPassage {
  title: string;
  url: string;
  body: string;
  /** What WordNet relates to its title and sentences, a line each (the site's own texts only). */
  related?: string;
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

const escapeLinkText = (text: string) => text.replace(/[[\]]/g, "");
const link = (p: { title: string; url: string }) => `[${escapeLinkText(p.title)}](${p.url})`;

/**
 * The answer without a model, as Markdown: the sentences that answer, the answering one first, then
 * the page they come from; a second page's sentence when it adds to the first.
 */
export function composeExtractiveAnswer(
  answer: { sentences: string[]; from: { title: string; url: string } } | null,
  seeAlso?: { sentence: string; from: { title: string; url: string } },
): string {
  if (!answer) return NOTHING_FOUND_ANSWER;
  const parts = [answer.sentences.join(" "), `Source: ${link(answer.from)}`];
  if (seeAlso) parts.push(`See also ${link(seeAlso.from)}: ${seeAlso.sentence}`);
  return parts.join("\n\n");
}
