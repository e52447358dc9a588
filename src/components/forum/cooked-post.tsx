/**
 * A member's post as it was cooked when written: Markdown without raw HTML, made HTML once on the
 * server and sanitized there (src/lib/markdown/cook.ts), so the page only puts it in place.
 */
export function CookedPost({ html }: { html: string }) {
  return <div className="prose-post break-words" dangerouslySetInnerHTML={{ __html: html }} />;
}
