import "server-only";
import sanitizeHtml from "sanitize-html";
import { fileIdFromUrl } from "@/features/storage/kinds";

/**
 * Exactly what the editor (Tiptap's StarterKit with links and images) produces, and nothing else:
 * no scripts, styles, classes, event handlers or frames. Links may only be http(s) or mailto, images
 * only https or our own paths. Used when an article is saved and again whenever it is read.
 */
const ARTICLE_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h2",
    "h3",
    "h4",
    "strong",
    "em",
    "u",
    "s",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "hr",
    "a",
    "img",
  ],
  // target and rel are set on every link below (transformTags runs before this filter).
  allowedAttributes: { a: ["href", "title", "target", "rel"], img: ["src", "alt", "title"], ol: ["start"] },
  allowedSchemes: ["https", "http", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // Headings start at h2: the item's title is the page's h1.
    h1: "h2",
    // Links open in a new tab, without handing the new page our window or our address.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" },
    }),
  },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, ARTICLE_POLICY).trim();
}

/** Uploaded files an article shows inline (`<img src="/api/files/{id}">`). */
export function storedFileIdsIn(html: string): string[] {
  const ids = [...html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/gi)].map((match) => fileIdFromUrl(match[1]));
  return [...new Set(ids.filter((id): id is string => id !== null))];
}
