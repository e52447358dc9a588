import { createHash } from "node:crypto";

// What a browser would refuse on a page, read as the browser reads it: written apart from
// src/lib/http/script-hashes.mjs, so that a fault there is not repeated here.

const hashOf = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

/** The page's script-src, or null when its answer has no Content-Security-Policy. */
export function scriptSrc(policy: string | null): string[] | null {
  const directive = policy
    ?.split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src "));
  return directive ? directive.split(/\s+/).slice(1) : null;
}

/**
 * Every reason the page's own scripts would not all run under `policy`, or why the policy is not the
 * strict one (decision 033): 'unsafe-inline', two policies, an inline script whose hash it does not
 * name, a script tag with neither a nonce nor a named integrity. Empty when all is well.
 */
export function scriptPolicyProblems(html: string, policy: string | null): string[] {
  // fetch joins repeated headers with ", "; our policies hold no comma.
  if (policy === null) return ["no Content-Security-Policy"];
  if (policy.includes(",")) return [`two policies: ${policy}`];
  const sources = scriptSrc(policy);
  if (!sources) return ["no script-src"];
  const problems: string[] = [];
  if (sources.includes("'unsafe-inline'")) problems.push("script-src allows 'unsafe-inline'");
  if (!sources.includes("'strict-dynamic'")) problems.push("script-src lacks 'strict-dynamic'");
  const nonce = sources.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
  for (const [, attributes, text] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\stype="application\/(ld\+)?json"/.test(attributes!)) continue;
    if (nonce && attributes!.includes(` nonce="${nonce}"`)) continue;
    const src = /\ssrc="([^"]+)"/.exec(attributes!)?.[1];
    if (src === undefined) {
      if (!sources.includes(`'${hashOf(text!)}'`)) problems.push(`inline script not allowed: ${text!.slice(0, 60)}`);
      continue;
    }
    const integrity = /\sintegrity="([^"]+)"/.exec(attributes!)?.[1];
    if (!integrity || !sources.includes(`'${integrity}'`)) problems.push(`script not allowed: ${src}`);
  }
  return problems;
}
