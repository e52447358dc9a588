import type { FakeSubscription, ReceivedPush } from "../fakes/push";

/** The test run's fake push service (tests/fakes/push.ts), as a browser and the push service would see it. */
function pushServiceUrl(): string {
  const url = process.env.TEST_PUSH_SERVICE_URL;
  if (!url) throw new Error("TEST_PUSH_SERVICE_URL is not set: run the tests through `npm test`.");
  return url;
}

const get = async <T>(path: string): Promise<T> => (await (await fetch(`${pushServiceUrl()}${path}`)).json()) as T;

/** What pushManager.subscribe({ applicationServerKey }) gives a browser. */
export const subscribeDevice = (applicationServerKey: string) =>
  get<FakeSubscription>(`/_test/subscribe?applicationServerKey=${encodeURIComponent(applicationServerKey)}`);
export const pushesTo = (endpoint: string) =>
  get<ReceivedPush[]>(`/_test/received?endpoint=${encodeURIComponent(endpoint)}`);
export const expireDevice = (endpoint: string) => get(`/_test/expire?endpoint=${encodeURIComponent(endpoint)}`);
export const pushRefusals = () => get<string[]>("/_test/refusals");
