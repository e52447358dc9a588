import Markdown, { type Components } from "react-markdown";

// Members' links are theirs, not ours: search engines should not follow them, and they open no window.opener.
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} rel="nofollow ugc noopener" />,
  img: ({ node: _node, alt, ...props }) => <a href={typeof props.src === "string" ? props.src : undefined} rel="nofollow ugc noopener">{alt || "image"}</a>,
};

/**
 * A member's post as Markdown without raw HTML (docs/decisions/022-forum.md): react-markdown leaves embedded HTML
 * out and drops unsafe link protocols such as javascript:. Images become links, so a post cannot
 * load a remote resource into a member's browser.
 */
export function ForumMarkdown({ children }: { children: string }) {
  return (
    <div className="prose-post break-words">
      <Markdown components={components} skipHtml>
        {children}
      </Markdown>
    </div>
  );
}
