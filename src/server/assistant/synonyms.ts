import "server-only";
/**
 * Words visitors use that the site's pages say differently: each adds the site's words to the
 * question before it is searched (retrieval and sentence ranking alike). Kept short and general; the
 * evaluation set's held-back questions were not used to write it.
 */
const EXPANSIONS: Array<[RegExp, string]> = [
  // Buy now, pay later services, which the apply page's FAQ calls "buy-now-pay-later".
  [/\b(klarna|afterpay|affirm|clearpay|instal?ments?|pay (?:it )?later)\b/i, "buy-now-pay-later payment methods"],
  [/\bmentors?\b/i, "mentorship"],
  [/\b(cost|costs|price|prices|pricing|fee|fees)\b/i, "price costs month"],
  [/\b(app|iphone|android)\b/i, "mobile app"],
  // How long something lasts: the tiers say "a 6-month membership".
  [/\b(how long|lasts?|duration)\b/i, "months term"],
];

/** The expansions that apply to a question: the words she used and the site's words for them. */
export function expansionsOf(question: string): Array<{ said: string; words: string }> {
  return EXPANSIONS.flatMap(([pattern, words]) => {
    const match = pattern.exec(question);
    return match ? [{ said: match[0], words }] : [];
  });
}

export function expandQuestion(question: string): string {
  const extra = expansionsOf(question).map((e) => e.words);
  return extra.length ? `${question} ${extra.join(" ")}` : question;
}
