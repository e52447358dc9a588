import type { IncomingHttpHeaders } from "node:http";
import { canonicalAddress, isValidHost, normalizeForwarding } from "./forwarding.mjs";
import { clientIp } from "./request-info";

/** What the server (scripts/serve.mjs) hands Next.js, and the address the app then counts. */
function atTheDoor(headers: IncomingHttpHeaders, socket: string, trustProxy: boolean) {
  const copy = { ...headers };
  const accepted = normalizeForwarding(copy, socket, trustProxy);
  const asFetchHeaders = new Headers(
    Object.entries(copy).map(([name, value]) => [name, String(value)] as [string, string]),
  );
  return { accepted, headers: copy, clientIp: clientIp(asFetchHeaders) };
}

describe("the client's address", () => {
  it("without a trusted proxy, is the socket's, whatever the client wrote", () => {
    for (const written of [
      undefined,
      "203.0.113.7",
      "203.0.113.7, 198.51.100.2",
      "unknown",
      "  ",
      "1.2.3.4, not-an-address",
    ]) {
      const door = atTheDoor(
        { host: "community.example", ...(written === undefined ? {} : { "x-forwarded-for": written }) },
        "192.0.2.10",
        false,
      );
      expect(door.accepted).toBe(true);
      expect(door.headers["x-forwarded-for"]).toBe("192.0.2.10");
      expect(door.clientIp).toBe("192.0.2.10");
    }
  });

  it("behind a trusted proxy, is the entry the proxy appended (the last), not the client's own entries", () => {
    // nginx: X-Forwarded-For $proxy_add_x_forwarded_for, i.e. what the client sent, then $remote_addr.
    expect(
      atTheDoor({ host: "community.example", "x-forwarded-for": "6.6.6.6, 203.0.113.7" }, "127.0.0.1", true).clientIp,
    ).toBe("203.0.113.7");
    expect(atTheDoor({ host: "community.example", "x-forwarded-for": "203.0.113.7" }, "127.0.0.1", true).clientIp).toBe(
      "203.0.113.7",
    );
    expect(
      atTheDoor(
        { host: "community.example", "x-forwarded-for": ["6.6.6.6", "203.0.113.8"] as unknown as string },
        "127.0.0.1",
        true,
      ).clientIp,
    ).toBe("203.0.113.8");
  });

  it("behind a trusted proxy, falls back to the socket when the proxy sent no address", () => {
    expect(atTheDoor({ host: "community.example" }, "127.0.0.1", true).clientIp).toBe("127.0.0.1");
    expect(
      atTheDoor({ host: "community.example", "x-forwarded-for": "6.6.6.6, garbage" }, "127.0.0.1", true).clientIp,
    ).toBe("127.0.0.1");
  });

  it("counts IPv4 seen through an IPv6 socket as plain IPv4, and IPv6 as written", () => {
    expect(atTheDoor({ host: "a.example" }, "::ffff:198.51.100.4", false).clientIp).toBe("198.51.100.4");
    expect(atTheDoor({ host: "a.example" }, "2001:DB8::1", false).clientIp).toBe("2001:db8::1");
    expect(canonicalAddress("not an address")).toBeNull();
  });

  it("drops every other forwarding header a client could write; keeps the trusted proxy's scheme", () => {
    const written = {
      host: "community.example",
      forwarded: "for=6.6.6.6;host=evil.example",
      "x-forwarded-host": "evil.example",
      "x-forwarded-port": "1",
      "x-real-ip": "6.6.6.6",
      "x-forwarded-proto": "https",
    };
    const direct = atTheDoor(written, "192.0.2.10", false).headers;
    for (const name of ["forwarded", "x-forwarded-host", "x-forwarded-port", "x-real-ip", "x-forwarded-proto"])
      expect(direct[name]).toBeUndefined();
    const proxied = atTheDoor(written, "127.0.0.1", true).headers;
    expect(proxied["x-forwarded-proto"]).toBe("https");
    expect(proxied["x-forwarded-host"]).toBeUndefined();
    expect(
      atTheDoor({ ...written, "x-forwarded-proto": "gopher" }, "127.0.0.1", true).headers["x-forwarded-proto"],
    ).toBeUndefined();
  });
});

describe("the Host header (a malformed one is bad input)", () => {
  it.each([
    "community.example",
    "community.example:443",
    "localhost:3000",
    "127.0.0.1:3000",
    "[::1]:3000",
    "[2001:db8::1]",
    "app_1.internal",
    "Community.Example.",
  ])("accepts %s", (host) => {
    expect(isValidHost(host)).toBe(true);
    expect(atTheDoor({ host }, "127.0.0.1", false).accepted).toBe(true);
  });

  it.each([
    "evil.example/x",
    "a b",
    "%",
    "ev<il>.example",
    "host:port",
    "host:123456",
    "[::1",
    "::1",
    "a..b",
    ".",
    "",
    "x".repeat(300),
    "evil.example\\\\x",
    "evil.example#",
    "user@evil.example",
  ])("refuses %j", (host) => {
    expect(atTheDoor({ host }, "127.0.0.1", false).accepted).toBe(false);
  });

  it("lets a request without Host (HTTP/1.0) through", () => {
    expect(atTheDoor({}, "127.0.0.1", false).accepted).toBe(true);
  });
});
