import {
  BookOpen,
  Briefcase,
  Crown,
  ExternalLink,
  FileText,
  Heart,
  Leaf,
  Newspaper,
  Palette,
  Sparkles,
  Star,
  Sun,
  Users,
  Video,
  type LucideIcon,
} from "lucide-react";
import type { ContentType } from "@/features/library/constants";
import { CONTENT_TYPE_LABELS } from "@/features/library/schemas";

export const CONTENT_TYPE_ICONS: Record<ContentType, LucideIcon> = {
  article: Newspaper,
  video: Video,
  pdf: FileText,
  external: ExternalLink,
};

const CATEGORY_ICON_COMPONENTS: Record<string, LucideIcon> = {
  "book-open": BookOpen,
  crown: Crown,
  leaf: Leaf,
  palette: Palette,
  briefcase: Briefcase,
  sparkles: Sparkles,
  heart: Heart,
  sun: Sun,
  star: Star,
  users: Users,
};

export function CategoryIcon({ name, className }: { name: string | null; className?: string }) {
  const Icon = CATEGORY_ICON_COMPONENTS[name ?? ""] ?? BookOpen;
  return <Icon aria-hidden className={className} />;
}

/**
 * Reading time from the article's words; other types show their kind (docs/decisions/020-library.md: the spec's
 * fixed '5 min read' is dropped).
 */
export function readingLabel(item: { contentType: string; readingMinutes: number | null }): string {
  if (item.contentType === "article") return `${item.readingMinutes ?? 1} min read`;
  if (item.contentType === "video") return "Watch";
  if (item.contentType === "pdf") return "PDF to read or download";
  return "External link";
}

export const contentTypeLabel = (type: string) => CONTENT_TYPE_LABELS[type as ContentType] ?? type;
