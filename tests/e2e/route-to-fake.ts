import type { Page } from "@playwright/test";

/**
 * Serves requests for a real https origin (Stripe's API, Luma's image CDN) from a local fake, so the
 * page sees the same URLs, and the same Content-Security-Policy applies, as in production. The fake's
 * answer is passed through; `headers` adds any the real service sends (e.g. CORS).
 */
export async function routeOriginToFake(
  page: Page,
  origin: string,
  fakeBaseUrl: string,
  headers: Record<string, string> = {},
): Promise<void> {
  await page.route(`${origin}/**`, async (route) => {
    const response = await route.fetch({ url: route.request().url().replace(origin, fakeBaseUrl) });
    await route.fulfill({ response, headers: { ...response.headers(), ...headers } });
  });
}
