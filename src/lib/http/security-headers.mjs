// Security headers (docs/decisions/012-content-security-policy.md, 033-script-hashes-for-prerendered-pages.md).
// next.config.ts, src/proxy.ts, cache-handler.mjs and scripts/serve.mjs all use this file, and the last
// two run in Node.js outside the bundle: so it is plain JavaScript and imports nothing.

/** Stripe.js and its Payment Element frames are the only third-party code (Stripe's CSP guide). */
const STRIPE_SCRIPTS = "https://js.stripe.com https://*.js.stripe.com";

/**
 * `dev`: the development server also needs eval (React's debugging) and its websocket.
 * Frames: Stripe's, the library's privacy-enhanced video players (YouTube's no-cookie host, Vimeo's
 * player with dnt=1) and our own files (the library's PDF embed), which only our pages may frame.
 */
const commonDirectives = (dev) => [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  `connect-src 'self' https://api.stripe.com${dev ? " ws:" : ""}`,
  "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com https://www.youtube-nocookie.com https://player.vimeo.com",
  // The service worker (/sw.js): 'strict-dynamic' in script-src would otherwise refuse it.
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/**
 * script-src of a page: only the scripts `sources` name ('nonce-…' or 'sha256-…') run, and what they
 * load ('strict-dynamic': Next.js' chunks, Stripe.js). 'self' and Stripe's hosts are for browsers that
 * predate 'strict-dynamic' (CSP Level 2), which ignore it; browsers that know it ignore them.
 * Inline event handlers never run ('script-src-attr').
 */
function pagePolicy(sources, dev) {
  return [
    `script-src ${[...sources, "'strict-dynamic'"].join(" ")}${dev ? " 'unsafe-eval'" : ""} 'self' ${STRIPE_SCRIPTS}`,
    "script-src-attr 'none'",
    ...commonDirectives(dev),
  ].join("; ");
}

/**
 * A page rendered for one request (member settings, admin, a page with a token in its address):
 * src/proxy.ts makes a nonce for it, and Next.js reads the nonce from the request's policy and puts it
 * on its own scripts.
 */
export function nonceContentSecurityPolicy(nonce, dev) {
  return pagePolicy([`'nonce-${nonce}'`], dev);
}

/**
 * A prerendered page, the same for everyone (public pages, the member pages of decision 032): no
 * nonce can be in it, so the hashes of the scripts its stored HTML holds stand for one
 * (cache-handler.mjs computes them each time the page is stored). With no hash at all, nothing
 * written in the page runs.
 */
export function hashContentSecurityPolicy(hashes, dev) {
  return pagePolicy(
    hashes.map((hash) => `'${hash}'`),
    dev,
  );
}

/**
 * What scripts/serve.mjs gives a response that reaches it with no policy of its own: the files Next.js
 * serves (its chunks, public/, /sw.js, whose policy binds the service worker). A page never should
 * (it carries a nonce or its stored hashes); if one does, this lets none of its inline scripts run,
 * and serve.mjs logs it: the page is visibly broken, never silently open to injected script.
 */
export function defaultContentSecurityPolicy(dev) {
  return [
    `script-src 'self'${dev ? " 'unsafe-eval'" : ""} ${STRIPE_SCRIPTS}`,
    "script-src-attr 'none'",
    ...commonDirectives(dev),
  ].join("; ");
}

/**
 * Every API answer and every file (uploads, calendars, CSV, feeds) is data, never a page: it may load nothing and runs in a sandbox (an opaque origin: a file a browser renders anyway
 * cannot read our cookies or call our API). Chromium's PDF viewer still shows a sandboxed PDF.
 */
export const FILE_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

/** Uploaded files may be framed by our own pages (the library's 600 px PDF embed), by nothing else. */
export const uploadedFileFrameHeaders = [{ key: "X-Frame-Options", value: "SAMEORIGIN" }];

export const otherSecurityHeaders = [
  // Browsers honour it only over HTTPS, so it is harmless on the plain-HTTP embedded default.
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];
