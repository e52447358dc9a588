// The app's HTTP server, as `next start` (or `next dev` with --dev) would run it, and the one front
// door in front of Next.js' request handler. On every request, first: the forwarding headers are
// rewritten from the socket (src/lib/http/forwarding.mjs), so that no client can name the address
// every rate limit counts, and a Host header that is not a host name is answered 400; then the
// request guard (src/lib/http/request-guard.mjs) answers 405 with Allow to a method the path does not
// serve and 400 to an address that is not text; then a page asked for under another host than the
// site's (APP_URL) is redirected there (src/lib/http/site-address.mjs). Next.js alone cannot do
// these: it fills X-Forwarded-For from the socket only when the request has none, route handlers never
// see the socket (docs/security.md, Client addresses), and it answers 500 to those methods and addresses.
// Last, an answer that carries no Content-Security-Policy of its own gets the default one
// (src/lib/http/security-headers.mjs): a page always has its own (decision 033), so one without is
// logged.
//
//   node scripts/serve.mjs [--dev] [--port 3000] [--hostname 127.0.0.1]
//
// scripts/lib/next-process.ts starts it (npm start, the test server); TRUST_PROXY=true says a proxy
// in front appends the client's address to X-Forwarded-For.
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import next from "next";
import { normalizeForwarding } from "../src/lib/http/forwarding.mjs";
import { servingRequest } from "../src/lib/http/page-refresh.mjs";
import { compileRoutes, refuseBadRequest } from "../src/lib/http/request-guard.mjs";
import { defaultContentSecurityPolicy } from "../src/lib/http/security-headers.mjs";
import { requestedHost, siteAddressRedirect } from "../src/lib/http/site-address.mjs";
import { apiRouteMethods } from "./lib/route-methods.mjs";

const { values } = parseArgs({
  options: { dev: { type: "boolean", default: false }, port: { type: "string" }, hostname: { type: "string" } },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname || undefined;
const trustProxy = ["true", "1"].includes(process.env.TRUST_PROXY ?? "");
const BAD_HOST = "The Host header is not a host name.";
/** The site's address (APP_URL, which the launcher and the test server always set); every instance checks it at start. */
const siteOrigin = (() => {
  try {
    return new URL(process.env.APP_URL?.trim() ?? "").origin;
  } catch {
    return undefined;
  }
})();
/** How long a stop waits for open requests (long-lived event streams included) before closing them. */
const STOP_GRACE_MS = 20_000;
/**
 * How long an idle kept-alive connection stays open: longer than a proxy in front keeps one
 * (deploy/nginx/community.conf, keepalive_timeout 60s), so that the proxy is always the one to close
 * it. With Node's default of 5 s, a proxy or a client could send a request on a connection this server
 * was closing that moment, and get a reset (a 502 from nginx for a POST, which it does not retry).
 */
const KEEP_ALIVE_MS = 65_000;

const app = next({ dev: values.dev, dir: process.cwd(), hostname: hostname ?? "localhost", port });
const handle = app.getRequestHandler();
// Each API route's methods, read from its route.ts (in development routes change under a running
// server, so only pages' and public files' methods are checked there).
const guardRules = { routes: compileRoutes(apiRouteMethods()), checkRouteMethods: !values.dev };
const DEFAULT_POLICY = defaultContentSecurityPolicy(values.dev);

/** Whether `writeHead`'s own headers argument (an object, or a flat list of names and values) names `name`. */
function namesHeader(headers, name) {
  if (Array.isArray(headers)) return headers.some((entry, i) => i % 2 === 0 && String(entry).toLowerCase() === name);
  return Boolean(headers) && Object.keys(headers).some((key) => key.toLowerCase() === name);
}

/**
 * Gives the answer the default policy when it is sent without one (Next.js' files, public/, /sw.js).
 * Next.js sends a page's policy (the proxy's nonce, or the one stored with a prerendered page) as a
 * header of the answer; a page without one is a fault, said in the log, and runs no inline script.
 */
function sendDefaultPolicy(request, response) {
  const writeHead = response.writeHead;
  response.writeHead = function (statusCode, ...rest) {
    const headers = rest.find((arg) => typeof arg === "object");
    if (!response.hasHeader("content-security-policy") && !namesHeader(headers, "content-security-policy")) {
      response.setHeader("content-security-policy", DEFAULT_POLICY);
      // A 404 for an address with a dot (a probe for /wp-login.php) is a page the proxy does not see,
      // and needs no script; any other page without its own policy is a fault.
      const type = String(response.getHeader("content-type") ?? "");
      if (type.startsWith("text/html") && statusCode < 400)
        console.error(`[server] ${request.method} ${request.url}: a page without its own Content-Security-Policy`);
    }
    return writeHead.call(this, statusCode, ...rest);
  };
}

const server = createServer((request, response) => {
  const host = requestedHost(request.headers, trustProxy);
  if (!normalizeForwarding(request.headers, request.socket.remoteAddress, trustProxy)) {
    // The API's error shape for API calls, plain text for anything else.
    const api = request.url?.startsWith("/api/");
    response.writeHead(400, {
      "content-type": api ? "application/json" : "text/plain; charset=utf-8",
      connection: "close",
    });
    response.end(api ? JSON.stringify({ error: BAD_HOST }) : `Bad Request: ${BAD_HOST}\n`);
    return;
  }
  if (refuseBadRequest(request, response, guardRules)) return;
  const location = siteAddressRedirect({ method: request.method, url: request.url, host }, siteOrigin);
  if (location) {
    // Never stored (no-store): not by a browser, which would keep following it after APP_URL changed,
    // nor by the proxy's cache, which keys pages by path alone and would send everyone round in circles.
    response.writeHead(308, { location, "cache-control": "no-store", "content-type": "text/plain; charset=utf-8" });
    response.end(`This site is at ${siteOrigin}: ${location}\n`);
    return;
  }
  sendDefaultPolicy(request, response);
  servingRequest(request.headers, () => handle(request, response)).catch((error) => {
    console.error(`[server] failed to handle ${request.method} ${request.url}:`, error);
    if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
    response.end("Internal Server Error");
  });
});

server.keepAliveTimeout = KEEP_ALIVE_MS;

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  // Stop taking connections and finish the requests in flight, then let Next.js clean up; open event
  // streams are closed after a grace period so that a supervisor's stop never waits for a browser.
  setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS).unref();
  server.close(() => {
    app.close().then(
      () => process.exit(0),
      (error) => {
        console.error("[server] error while stopping:", error);
        process.exit(1);
      },
    );
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

await app.prepare();
server.on("error", (error) => {
  console.error("[server] could not listen:", error.message);
  process.exit(1);
});
server.listen(port, hostname, () => {
  const shown = hostname && hostname !== "0.0.0.0" && hostname !== "::" ? hostname : "localhost";
  console.log(
    `Serving on http://${shown.includes(":") ? `[${shown}]` : shown}:${port}${trustProxy ? " (behind a trusted proxy)" : ""}`,
  );
});
