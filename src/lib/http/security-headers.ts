// Security headers (docs/decisions/012-content-security-policy.md). next.config.ts and src/proxy.ts both use
// this file, so it imports nothing through the "@/" alias.

/** Stripe.js and its Payment Element frames are the only third-party code (Stripe's CSP guide). */
const STRIPE_SCRIPTS = "https://js.stripe.com https://*.js.stripe.com";

/**
 * `dev`: the development server also needs eval (React's debugging) and its websocket.
 * Frames: Stripe's, the library's privacy-enhanced video players (YouTube's no-cookie host, Vimeo's
 * player with dnt=1) and our own files (the library's PDF embed), which only our pages may frame.
 */
const commonDirectives = (dev: boolean) => [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  `connect-src 'self' https://api.stripe.com${dev ? " ws:" : ""}`,
  "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com https://www.youtube-nocookie.com https://player.vimeo.com",
  // The service worker (/sw.js, issue 29): 'strict-dynamic' in script-src would otherwise refuse it on member pages.
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/**
 * Public pages are prerendered once and served to everyone, so they cannot carry a per-request nonce:
 * their inline scripts (the App Router streams its data in them) are allowed, and they show nothing a
 * member wrote unescaped.
 */
export function staticContentSecurityPolicy(dev: boolean): string {
  return [
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""} ${STRIPE_SCRIPTS}`,
    ...commonDirectives(dev),
  ].join("; ");
}

/**
 * Every API answer and every file (uploads, calendars, CSV, feeds) is data, never a page (issue 24 item
 * 10): it may load nothing and runs in a sandbox (an opaque origin: a file a browser renders anyway
 * cannot read our cookies or call our API). Chromium's PDF viewer still shows a sandboxed PDF.
 */
export const FILE_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

/** Uploaded files may be framed by our own pages (the library's 600 px PDF embed), by nothing else. */
export const uploadedFileFrameHeaders = [{ key: "X-Frame-Options", value: "SAMEORIGIN" }];

/**
 * Member and admin pages are rendered per request and show what members write: only scripts carrying
 * this request's nonce run, and what they load ('strict-dynamic': Next.js' chunks, Stripe.js).
 */
export function nonceContentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""} ${STRIPE_SCRIPTS}`,
    ...commonDirectives(dev),
  ].join("; ");
}

/**
 * Member pages prerendered once for every member (src/lib/http/member-pages.ts) hold nothing a member
 * wrote in their HTML: what members write arrives as data and is put in place by React (text, or HTML
 * sanitized on the server). They cannot carry a nonce, so their inline scripts are allowed as on public
 * pages, but inline event handlers are not ('script-src-attr', CSP Level 3): markup slipped into the
 * page does not run.
 */
export function prerenderedMemberContentSecurityPolicy(dev: boolean): string {
  return [
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""} ${STRIPE_SCRIPTS}`,
    "script-src-attr 'none'",
    ...commonDirectives(dev),
  ].join("; ");
}

/**
 * The pages src/proxy.ts guards, which get the nonce policy there (or, the prerendered member pages,
 * the policy above); keep in step with its matcher (a
 * unit test checks). Every other path gets the static policy from next.config.ts.
 */
export const NONCE_POLICY_PREFIXES = [
  "admin",
  "spiritual-profile",
  "forum",
  "library",
  "profile",
  "members",
  "notifications",
  "messages",
];

export const otherSecurityHeaders = [
  // Browsers honour it only over HTTPS, so it is harmless on the plain-HTTP embedded default.
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];
