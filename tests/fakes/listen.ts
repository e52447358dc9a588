import type { Server } from "node:http";

/**
 * Starts a fake on a free loopback port. Its idle connections outlive the clients' (Playwright's
 * route.fetch, undici in the app): with Node's 5-second default, a client could send on a socket the
 * fake was closing at that moment and read ECONNRESET, a failure no real provider's keep-alive shows.
 */
export async function listenOnLoopback(server: Server): Promise<void> {
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 121_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
}
