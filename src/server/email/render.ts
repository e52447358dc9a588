import "server-only";
export interface EmailContent {
  siteName: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the message, e.g. why the recipient got it. */
  footer?: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A plain-text and a simple HTML body from the same content; every value is escaped. */
export function renderEmail(content: EmailContent): { text: string; html: string } {
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...(content.footer ? ["--", content.footer, ""] : []),
    content.siteName,
  ].join("\n");

  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`)
    .join("");
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#6b2150;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p><p style="font-size:13px;color:#555">Or open this link: ${escapeHtml(content.action.url)}</p>`
    : "";
  const footer = content.footer
    ? `<p style="font-size:12px;color:#666;margin-top:32px">${escapeHtml(content.footer)}</p>`
    : "";
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f1720;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:22px;margin:0 0 20px">${escapeHtml(content.heading)}</h1>${paragraphs}${action}${footer}<p style="font-size:12px;color:#666">${escapeHtml(content.siteName)}</p></body></html>`;
  return { text, html };
}
