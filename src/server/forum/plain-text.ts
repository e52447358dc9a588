import "server-only";
import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { toString } from "mdast-util-to-string";
import { shortenAtWord } from "@/lib/format";

const TEXT_BLOCKS = new Set(["paragraph", "heading", "code", "tableCell"]);

/** The text of each block (paragraph, heading, list item's paragraph...); raw HTML is dropped. */
function blocksOf(node: Nodes): string[] {
  if (TEXT_BLOCKS.has(node.type)) return [toString(node, { includeHtml: false })];
  return "children" in node ? node.children.flatMap((child) => blocksOf(child as Nodes)) : [];
}

/**
 * The words of a Markdown post without its syntax, one line per block (for email excerpts and the
 * assistant's index). Parsed by the CommonMark parser that renders it, so no markup leaks through.
 */
export function plainText(markdown: string): string {
  return blocksOf(fromMarkdown(markdown))
    .map((block) => block.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

/** A topic's preview on the lists (its first 150 characters): its plain text, cut at a word. */
export function previewOf(markdown: string, length: number): string {
  return shortenAtWord(plainText(markdown), length);
}
