import { GET } from "./route";

// The service worker follows a push's link only to a path on this site (src/lib/same-site-path.ts):
// its script is run here against a stand-in for the worker's global scope.
async function linksShownFor(urls: unknown[]): Promise<string[]> {
  const script = await GET().text();
  const listeners: Record<string, (event: unknown) => void> = {};
  const shown: string[] = [];
  const self = {
    location: { origin: "https://community.example" },
    addEventListener: (name: string, listener: (event: unknown) => void) => (listeners[name] = listener),
    registration: {
      showNotification: (_title: string, options: { data: { url: string } }) => shown.push(options.data.url),
    },
  };
  new Function("self", script)(self);
  for (const url of urls) listeners.push!({ data: { json: () => ({ title: "Hello", url }) }, waitUntil: () => {} });
  return shown;
}

it("opens a push's link on this site, and her notifications for any link a browser would follow elsewhere", async () => {
  expect(
    await linksShownFor([
      "/forum/topic/welcome#post-3",
      "/\\evil.example",
      "//evil.example",
      "/\t/evil.example",
      "/..//evil.example",
      "https://evil.example/",
      undefined,
    ]),
  ).toEqual([
    "https://community.example/forum/topic/welcome#post-3",
    ...Array(6).fill("https://community.example/notifications"),
  ]);
});
