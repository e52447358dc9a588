import { formatRequestLine, loggedPath } from "./request-log";

describe("the request log", () => {
  it("logs the path without its query string, and without the secret of a token link", () => {
    expect(loggedPath("/events?search=full+moon")).toBe("/events");
    expect(loggedPath("/join/AbCdEf123456?ref=SOFIA15")).toBe("/join/[token]");
    expect(loggedPath("/reset-password/abc")).toBe("/reset-password/[token]");
    expect(loggedPath("/newsletter/confirm/xyz")).toBe("/newsletter/confirm/[token]");
    expect(loggedPath("/confirm-email/xyz")).toBe("/confirm-email/[token]");
    expect(loggedPath("/unsubscribe/v1.abc")).toBe("/unsubscribe/[token]");
    expect(loggedPath("/profile/affiliate/tok")).toBe("/profile/affiliate/[token]");
    expect(loggedPath("/payment/AbCdEf_123-x")).toBe("/payment/[token]");
    expect(loggedPath("/payment-success?token=AbC")).toBe("/payment-success");
    expect(loggedPath("/profile/12")).toBe("/profile/12");
    expect(loggedPath(undefined)).toBe("/");
  });

  it("writes a text line, or a JSON object when asked", () => {
    const line = { id: "4f1c", method: "GET", path: "/about", status: 200, ms: 12.5 };
    const now = new Date("2026-11-25T09:00:00.000Z");
    expect(formatRequestLine(line, "text", now)).toBe("2026-11-25T09:00:00.000Z 4f1c GET /about 200 12.5 ms");
    expect(JSON.parse(formatRequestLine(line, "json", now))).toEqual({
      time: "2026-11-25T09:00:00.000Z",
      msg: "request",
      ...line,
    });
  });
});
