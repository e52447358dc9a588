// A member's Markdown post "cooked" once, when it is written or edited, into the HTML members read (as
// Discourse stores its cooked posts): the same CommonMark parser the forum always used, with what
// react-markdown did on every view done once here. Pure: the forum module, the background backfill and
// the tests use it.
import type { Element, ElementContent, Nodes, Root } from "hast";
import { toHtml } from "hast-util-to-html";
import { fromMarkdown } from "mdast-util-from-markdown";
import { toHast } from "mdast-util-to-hast";
import sanitizeHtml from "sanitize-html";

/** Members' links are theirs, not ours: search engines should not follow them, and they open no window.opener. */
const MEMBER_LINK_REL = ["nofollow", "ugc", "noopener"];

/** The safety net under the cooking: only what CommonMark makes of a post, links http(s)/mailto/relative. */
const COOKED_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "blockquote",
    "ul",
    "ol",
    "li",
    "pre",
    "code",
    "em",
    "strong",
    "a",
  ],
  allowedAttributes: { a: ["href", "rel", "title"], ol: ["start"], code: ["class"] },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ["https", "http", "mailto", "irc", "ircs", "xmpp"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

function text(value: string): ElementContent {
  return { type: "text", value };
}

/**
 * Links get our rel; images become links to their address (a post cannot make members' browsers load a
 * remote resource). Unsafe addresses (javascript: and the like) are dropped by the policy above.
 */
function transform(node: Nodes): Nodes {
  if (node.type === "element") {
    const element = node as Element;
    if (element.tagName === "img") {
      const alt = String(element.properties.alt ?? "") || "image";
      return {
        type: "element",
        tagName: "a",
        properties: { href: element.properties.src, rel: MEMBER_LINK_REL },
        children: [text(alt)],
      };
    }
    if (element.tagName === "a") element.properties = { ...element.properties, rel: MEMBER_LINK_REL };
  }
  if ("children" in node) node.children = node.children.map((child) => transform(child) as ElementContent);
  return node;
}

/** The HTML of a Markdown post without raw HTML (embedded HTML is left out, as before: skipHtml). */
export function cookMarkdown(markdown: string): string {
  // mdast-util-to-hast leaves raw HTML out unless asked to keep it.
  const tree = transform(toHast(fromMarkdown(markdown)) as Root);
  return sanitizeHtml(toHtml(tree), COOKED_POLICY).trim();
}
