import {
  announcementSchema,
  markReadSchema,
  notificationListQuerySchema,
  preferencesSchema,
  pushSubscriptionSchema,
  unsubscribeQuerySchema,
} from "./schemas";

describe("notification schemas", () => {
  it("marks read by ids or all, never both or neither", () => {
    expect(markReadSchema.parse({ ids: ["3", 4] })).toEqual({ ids: [3, 4] });
    expect(markReadSchema.parse({ all: true, kind: "direct_message" })).toEqual({ all: true, kind: "direct_message" });
    for (const body of [
      {},
      { ids: [] },
      { all: false },
      { ids: [1], all: true },
      { ids: Array.from({ length: 201 }, (_, i) => i + 1) },
    ])
      expect(markReadSchema.safeParse(body).success).toBe(false);
  });

  it("takes a cursor of digits and a known kind only", () => {
    expect(notificationListQuerySchema.parse({ after: "123", kind: "forum_reply", limit: "5" })).toEqual({
      after: 123,
      kind: "forum_reply",
      limit: 5,
    });
    for (const query of [
      { after: "1; drop" },
      { after: "99999999999999999999" },
      { kind: "everything" },
      { limit: "500" },
    ])
      expect(notificationListQuerySchema.safeParse(query).success).toBe(false);
  });

  it("keeps announcement links on this site", () => {
    expect(announcementSchema.parse({ title: "The retreat is open" })).toEqual({
      title: "The retreat is open",
      url: "/notifications",
    });
    for (const url of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/\\/evil.example",
      "/\t/evil.example",
      "/..//evil.example",
      "javascript:alert(1)",
    ])
      expect(announcementSchema.safeParse({ title: "The retreat is open", url }).success).toBe(false);
    // Kept as a browser would follow it.
    expect(announcementSchema.parse({ title: "The retreat is open", url: " /events/summer retreat " }).url).toBe(
      "/events/summer%20retreat",
    );
  });

  it("accepts her choices per kind and refuses unknown kinds or deliveries", () => {
    expect(preferencesSchema.parse({ kinds: { forum_reaction: { delivery: "weekly", push: true } } })).toEqual({
      kinds: { forum_reaction: { delivery: "weekly", push: true } },
    });
    expect(
      preferencesSchema.safeParse({ kinds: { forum_reaction: { delivery: "hourly", push: false } } }).success,
    ).toBe(false);
    expect(preferencesSchema.safeParse({ kinds: { everything: { delivery: "off", push: false } } }).success).toBe(
      false,
    );
    expect(unsubscribeQuerySchema.safeParse({ token: "t".repeat(32), kind: "digest" }).success).toBe(true);
    expect(unsubscribeQuerySchema.safeParse({ token: "short", kind: "digest" }).success).toBe(false);
  });

  it("takes a browser's PushSubscription.toJSON()", () => {
    const subscription = {
      endpoint: "https://fcm.googleapis.com/fcm/send/abc",
      expirationTime: null,
      keys: { p256dh: "BIV0jhPg7HJ0WH0o", auth: "c2VjcmV0" },
    };
    expect(pushSubscriptionSchema.parse(subscription)).toEqual(subscription);
    expect(
      pushSubscriptionSchema.safeParse({ ...subscription, keys: { p256dh: "not base64!", auth: "x" } }).success,
    ).toBe(false);
  });
});
