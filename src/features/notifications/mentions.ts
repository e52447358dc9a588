// @mentions in forum Markdown are links to the member's profile written by the editor's typeahead:
// `[@Amara Okafor](/profile/12)`. They render as links with no change to the Markdown renderer, and
// the server finds whom to notify from the ids alone (a name can be typed by anyone).

export const MAX_MENTIONS = 20;

const MENTION = /\[@([^\]\n]{1,100})\]\(\/profile\/(\d{1,10})\)/g;

export function mentionMarkdown(name: string, userId: number): string {
  return `[@${name.replace(/[[\]]/g, "")}](/profile/${userId})`;
}

/** The member ids mentioned in `markdown`, each once, at most MAX_MENTIONS. */
export function mentionedIds(markdown: string): number[] {
  const ids = new Set<number>();
  for (const match of markdown.matchAll(MENTION)) {
    const id = Number(match[2]);
    if (Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647) ids.add(id);
    if (ids.size >= MAX_MENTIONS) break;
  }
  return [...ids];
}
