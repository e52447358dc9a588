import { tierName } from "@/lib/format";

/** "Play Member" for a tier id (the badge on the category grid, replies and hover cards). */
export function tierBadgeLabel(level: string | null | undefined): string | null {
  if (!level) return null;
  return `${tierName(level)} Member`;
}

export function authorName(author: { firstName: string; lastName: string }): string {
  return `${author.firstName} ${author.lastName}`.trim();
}

export const topicCount = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "topic" : "topics"}`;
