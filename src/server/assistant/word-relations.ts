import "server-only";
import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { splitSentences } from "./sentences";
import { baseForms, PARTS_OF_SPEECH, readSynset, senseOffsets, type PartOfSpeech, type Synset } from "./wordnet";

/**
 * Word relations (docs/decisions/023-the-assistant.md): visitors ask in words the site does not use
 * ("Can I get my money back?" where the site says "refund"). WordNet relates each word to its synonyms,
 * the words derived from it, similar adjectives and the definitions of its senses ("refund": "money
 * returned to a payer"; "hear": "get to know"); the assistant adds these to the question's words
 * (what she asked relates to what the site says) and, for the site's own texts, to each sentence's
 * words (what the site says relates to what she asked), always weighing less than the words themselves.
 */

/** WordNet lists a word's senses most frequent first; past the third they mostly add noise. */
const SENSES_PER_PART = 3;
/**
 * Whose words are looked up: hers (a few words, each worth the definitions of its first senses: "hear"
 * is "get to know" in its second) or the site's (every word of its texts, where the definitions of
 * rarer senses would relate a sentence to almost anything: only the most frequent sense's).
 */
type Reach = "question" | "site" | "subject";
const DEFINED_SENSES: Record<Reach, number> = { question: SENSES_PER_PART, site: 1, subject: SENSES_PER_PART };
/**
 * What a question is about is named by its nouns (questionWithMeanings): a verb's definitions speak of
 * anything ("happen": "occur in the course of events"), so "What happens next?" is not about events.
 */
const PARTS_READ: Record<Reach, PartOfSpeech[]> = { question: PARTS_OF_SPEECH, site: PARTS_OF_SPEECH, subject: ["n"] };
/** Derivationally related forms ("decide" -> "decision") and similar adjectives ("cheap" -> "inexpensive"). */
const RELATED_WORD_POINTERS = new Set(["+", "&"]);

/**
 * Names WordNet does not know that visitors use for what the site offers: the pay-later services the
 * apply page calls "buy-now-pay-later". Brand names only; every other relation comes from WordNet.
 */
const NAMES: Array<[RegExp, string]> = [
  [/^(klarna|afterpay|affirm|clearpay|sezzle|zip)$/, "buy-now-pay-later payment methods"],
];

const words = (lemma: string) => lemma.toLowerCase().replaceAll("_", " ");

async function relatedInSynset(synset: Synset, lemma: string, defined: boolean): Promise<string[]> {
  const position = synset.words.findIndex((w) => w.toLowerCase() === lemma) + 1;
  const related = [...synset.words.map(words), ...(defined ? [synset.definition] : [])];
  for (const pointer of synset.pointers) {
    if (!RELATED_WORD_POINTERS.has(pointer.symbol)) continue;
    if (pointer.source !== 0 && pointer.source !== position) continue;
    const target = await readSynset(pointer.offset, pointer.pos);
    related.push(...(pointer.target ? [target.words[pointer.target - 1]!] : target.words).map(words));
  }
  return related;
}

async function lookUp(word: string, reach: Reach): Promise<string> {
  const named = NAMES.find(([pattern]) => pattern.test(word));
  if (named) return named[1];
  const related = new Set<string>();
  for (const pos of PARTS_READ[reach]) {
    for (const lemma of await baseForms(word, pos)) {
      const senses = (await senseOffsets(lemma, pos)).slice(0, SENSES_PER_PART);
      for (const [sense, offset] of senses.entries()) {
        const synset = await readSynset(offset, pos);
        for (const text of await relatedInSynset(synset, lemma, sense < DEFINED_SENSES[reach])) related.add(text);
      }
    }
  }
  related.delete(word);
  return [...related].join("; ");
}

/** The number a word names, as WordNet gives its synonyms ("nine": "9", "IX"); null for other words. */
export async function numberNamed(word: string): Promise<number | null> {
  if (/^\d+$/.test(word)) return Number(word);
  for (const pos of ["n", "a"] as const)
    for (const offset of (await senseOffsets(word.toLowerCase(), pos)).slice(0, 1)) {
      const digits = (await readSynset(offset, pos)).words.find((w) => /^\d+$/.test(w));
      if (digits) return Number(digits);
    }
  return null;
}

/**
 * Whether she asks for the lowest or the highest price with a superlative ("the cheapest membership",
 * "the most expensive tier"): an adjective whose most frequent sense WordNet defines by price, low
 * ("cheap": "relatively low in price") or high ("expensive": "high in price"); "least" turns it round.
 * A comparative ("a cheaper plan") asks about changing plans, not for the catalogue's end.
 */
export async function priceExtremeAsked(question: string): Promise<"lowest" | "highest" | null> {
  for (const [, degree, word] of question.toLowerCase().matchAll(/\b(?:(most|least)\s+)?([a-z]+)\b/g)) {
    if (!degree && !word!.endsWith("est")) continue;
    const lemma = (await baseForms(word!, "a")).find((form) => degree || form !== word);
    const [first] = lemma ? await senseOffsets(lemma, "a") : [];
    if (first === undefined) continue;
    const definition = (await readSynset(first, "a")).definition;
    if (!/\b(price|prices|cost|costs)\b/.test(definition)) continue;
    const low = /\blow\b/.test(definition) ? true : /\bhigh\b/.test(definition) ? false : null;
    if (low === null) continue;
    return low !== (degree === "least") ? "lowest" : "highest";
  }
  return null;
}

/** The site's vocabulary and the questions' words repeat: each word is looked up once. */
const cache = new LRUCache<string, Promise<string>>({ max: 20_000 });

/** What WordNet relates to one word (lower case; "_" or a space between the words of a phrase), as text. */
export function relatedText(word: string, reach: Reach): Promise<string> {
  const lemma = word.toLowerCase().replaceAll(" ", "_");
  const key = `${reach}:${lemma}`;
  let found = cache.get(key);
  if (!found) {
    found = lookUp(lemma, reach).catch((error) => {
      cache.delete(key);
      throw error;
    });
    cache.set(key, found);
  }
  return found;
}

interface Token {
  token: string;
  /** PostgreSQL's 'english' configuration keeps a lexeme for it (it is no stop word). */
  content: boolean;
  /** Some title or body of the site holds it (asked only for questions). */
  onSite?: boolean;
}

/**
 * The words of each text, in order: stop words too (for phrases), marked. With `onSite`, whether a
 * title or body of the site holds each word.
 */
async function tokensOf(texts: string[], executor: Executor, onSite: boolean): Promise<Token[][]> {
  const held = onSite
    ? sql`, 'onSite', exists (select 1 from unnest(d.lexemes) as l(lexeme), assistant_passages p
          where p.search @@ to_tsquery('simple', quote_literal(l.lexeme)))`
    : sql``;
  const { rows } = await executor.execute<{ tokens: Token[] | null }>(sql`
    select (select json_agg(json_build_object('token', lower(d.token), 'content', d.lexemes <> '{}'${held}) order by n)
         from ts_debug('english', u.t) with ordinality as d(alias, description, token, dictionaries, dictionary, lexemes, n)
         where d.lexemes is not null and d.alias in ('asciiword', 'word', 'numword', 'asciihword', 'hword', 'numhword')) as tokens
    from unnest(array[${sql.join(
      texts.map((text) => sql`${text}`),
      sql`, `,
    )}]::text[]) with ordinality as u(t, ord)
    order by u.ord`);
  return rows.map((row) => row.tokens ?? []);
}

/** Pairs of neighbouring words that WordNet holds as a phrase ("find out", "get back"). */
async function phrasesOf(tokens: Token[]): Promise<Array<[Token, Token]>> {
  const pairs: Array<[Token, Token]> = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    const phrase = `${tokens[i]!.token}_${tokens[i + 1]!.token}`;
    for (const pos of PARTS_OF_SPEECH)
      if ((await baseForms(phrase, pos)).length) {
        pairs.push([tokens[i]!, tokens[i + 1]!]);
        break;
      }
  }
  return pairs;
}

export interface Relation {
  /** A word she used (or a phrase of two). */
  said: string;
  /** What WordNet relates to it, as text. */
  words: string;
}

/**
 * The question's words that the site does not use, each with what WordNet relates to it. A word the
 * site uses is searched as itself: its relations would only find other senses of it ("What time does
 * the sound bath start?" is not about "commencing"). Stop words such as "can" or "will", whose WordNet
 * senses are "tin" and "testament", are never looked up.
 */
export async function relationsOf(question: string): Promise<Relation[]> {
  const [tokens = []] = await tokensOf([question], db, true);
  const unknown = (t: Token) => t.content && !t.onSite;
  const said = [
    ...new Set([
      ...tokens.filter(unknown).map((t) => t.token),
      ...(await phrasesOf(tokens)).filter((pair) => pair.some(unknown)).map(([a, b]) => `${a.token}_${b.token}`),
    ]),
  ];
  const related = await Promise.all(said.map((word) => relatedText(word, "question")));
  return said.map((word, i) => ({ said: word.replaceAll("_", " "), words: related[i]! })).filter((r) => r.words);
}

/**
 * The question with what WordNet relates to each of its words as nouns (the definitions of their
 * first senses too), for telling what a question is about: "the next thing on the calendar" asks
 * about events, since a calendar is "a list or register of events". Every word is read here, those the
 * site uses too: this is about what she asks, not where the site says it.
 */
export async function questionWithMeanings(question: string): Promise<string> {
  const [tokens = []] = await tokensOf([question], db, false);
  const said = [...new Set(tokens.filter((t) => t.content).map((t) => t.token))];
  const meanings = await Promise.all(said.map((word) => relatedText(word, "subject")));
  return [question, ...meanings.filter(Boolean)].join("\n");
}

/**
 * The `related` column of passages of the site's own texts: for the title and then each sentence of
 * the body, one line of the 'english' lexemes WordNet relates to its words that it does not hold itself.
 */
export async function relatedLexemes(
  passages: Array<{ title: string; body: string }>,
  executor: Executor = db,
): Promise<string[]> {
  const texts = passages.map((p) => [p.title, ...splitSentences(p.body)]);
  const flat = texts.flat();
  if (flat.length === 0) return passages.map(() => "");
  const related = await Promise.all(
    (await tokensOf(flat, executor, false)).map(async (tokens) => {
      const said = new Set(tokens.filter((t) => t.content).map((t) => t.token));
      for (const [a, b] of await phrasesOf(tokens)) said.add(`${a.token}_${b.token}`);
      return (await Promise.all([...said].map((word) => relatedText(word, "site")))).join("; ");
    }),
  );
  const { rows } = await executor.execute<{ lexemes: string }>(sql`
    select array_to_string(array(
      select lexeme from unnest(to_tsvector('english', r)) except select lexeme from unnest(to_tsvector('english', t))
      order by 1), ' ') as lexemes
    from unnest(array[${sql.join(
      flat.map((text) => sql`${text}`),
      sql`, `,
    )}]::text[], array[${sql.join(
      related.map((text) => sql`${text}`),
      sql`, `,
    )}]::text[]) with ordinality as u(t, r, ord)
    order by u.ord`);
  let at = 0;
  return texts.map((lines) => {
    const own = rows.slice(at, at + lines.length).map((row) => row.lexemes);
    at += lines.length;
    return own.join("\n");
  });
}
