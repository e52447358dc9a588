import { toView } from "./queries";
import { parseLastEventId } from "./stream";

const row = (overrides: Partial<Parameters<typeof toView>[0]> = {}) =>
  ({
    id: 7,
    seq: 12,
    kind: "forum_reaction",
    title: "reacted to your reply in “Pricing”",
    url: "/forum/topic/pricing#post-3",
    actorCount: 1,
    readAt: null,
    createdAt: new Date("2026-11-20T10:00:00Z"),
    actorId: 5,
    actorName: "Amara Okafor",
    actorPicture: null,
    ...overrides,
  }) as Parameters<typeof toView>[0];

describe("a notification's line", () => {
  it("leads with the actor, and groups as 'and N others'", () => {
    expect(toView(row()).title).toBe("Amara Okafor reacted to your reply in “Pricing”");
    expect(toView(row({ actorCount: 2 })).title).toBe("Amara Okafor and 1 other reacted to your reply in “Pricing”");
    expect(toView(row({ actorCount: 4 })).title).toBe("Amara Okafor and 3 others reacted to your reply in “Pricing”");
    expect(toView(row({ actorCount: 1201 })).title).toBe(
      "Amara Okafor and 1,200 others reacted to your reply in “Pricing”",
    );
  });

  it("stands alone without an actor, and answers the spec's shape", () => {
    expect(
      toView(row({ actorId: null, actorName: null, kind: "library_item", title: "New in the library: “Rest”" })),
    ).toEqual({
      id: 7,
      kind: "library_item",
      title: "New in the library: “Rest”",
      url: "/forum/topic/pricing#post-3",
      actor: null,
      createdAt: "2026-11-20T10:00:00.000Z",
      readAt: null,
    });
  });
});

describe("Last-Event-ID", () => {
  it("resumes after a number the stream sent, and starts afresh on anything else", () => {
    expect(parseLastEventId("42")).toBe(42);
    expect(parseLastEventId(" 42 ")).toBe(42);
    for (const value of [null, "", "abc", "-1", "1e3", "9".repeat(20)]) expect(parseLastEventId(value)).toBeNull();
  });
});
