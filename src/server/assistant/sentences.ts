import "server-only";
/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATIONS = /(?:\b(?:e\.g|i\.e|etc|vs|Mr|Mrs|Ms|Dr|St|Ave|No)\.)$/i;

/** A sentence this short ("Yes.", "No.") is an answer's opening, read with the sentence after it. */
const SHORT_WORDS = 2;

/**
 * The sentences of a passage, in order: split after ".", "!" or "?" followed by a space and a capital,
 * a digit or a quote, and at line breaks (list items, paragraphs). Decimals ("$50.00"), abbreviations
 * and initials stay inside their sentence; a very short opening ("Yes.") is joined to the next one.
 */
export function splitSentences(text: string): string[] {
  const units: string[] = [];
  for (const line of text.split(/\n+/)) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    let start = 0;
    const boundary = /[.!?]["”’)]*\s+(?=["“‘(]?[A-Z0-9$])/g;
    for (let match = boundary.exec(trimmed); match; match = boundary.exec(trimmed)) {
      const end = match.index + match[0].trimEnd().length;
      const candidate = trimmed.slice(start, end);
      if (ABBREVIATIONS.test(candidate) || /\b[A-Z]\.$/.test(candidate)) continue;
      units.push(candidate.trim());
      start = match.index + match[0].length;
    }
    const rest = trimmed.slice(start).trim();
    if (rest) units.push(rest);
  }
  const joined: string[] = [];
  for (let i = 0; i < units.length; i++) {
    const unit = units[i]!;
    if (unit.split(/\s+/).length <= SHORT_WORDS && i + 1 < units.length && /[.!?]$/.test(unit)) {
      units[i + 1] = `${unit} ${units[i + 1]}`;
      continue;
    }
    joined.push(unit);
  }
  return joined;
}
