import {
  bigIdSchema,
  CURSOR_MESSAGE,
  cursorPart,
  cursorSchema,
  encodeCursor,
  findMalformedText,
  idField,
  idParams,
  idSchema,
  isMalformedText,
  isTimestamp,
  z,
} from "./validation";

const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("idSchema", () => {
  it("takes an id as a number or in decimal digits", () => {
    expect(idSchema.parse(1)).toBe(1);
    expect(idSchema.parse("42")).toBe(42);
    expect(idSchema.parse("2147483647")).toBe(2147483647);
  });

  it.each([
    0,
    -1,
    1.5,
    2147483648,
    "2147483648",
    "99999999999",
    "99999999999999999999",
    "1e3",
    "0x10",
    " 1",
    "1 ",
    "",
    "abc",
    null,
    true,
    [],
    Number.NaN,
  ])("refuses %p", (value) => {
    expect(idSchema.safeParse(value).success).toBe(false);
  });

  it("words its failures plainly, or with the field's own message", () => {
    const schema = z.object({ topicId: idSchema, categoryId: idField("Please select a category") });
    const error = schema.safeParse({ categoryId: "99999999999" }).error!;
    expect(error.issues.map((i) => i.message)).toEqual(["Topic is required.", "Please select a category"]);
    expect(schema.safeParse({ topicId: "first", categoryId: 1 }).error!.issues[0]!.message).toBe("Topic is not valid.");
  });

  it("lets bigserial ids run to JavaScript's exact integers", () => {
    expect(bigIdSchema.parse("2147483648")).toBe(2147483648);
    expect(bigIdSchema.safeParse("9223372036854775807").success).toBe(false);
  });
});

describe("idParams", () => {
  it("reads [id] by default and any named segments, each as a row id", () => {
    expect(idParams().parse({ id: "12" })).toEqual({ id: 12 });
    expect(idParams("contentId").parse({ contentId: "7" })).toEqual({ contentId: 7 });
    expect(idParams("id", "userId").parse({ id: "1", userId: "2" })).toEqual({ id: 1, userId: 2 });
    expect(idParams().safeParse({ id: "0x10" }).success).toBe(false);
    expect(idParams().safeParse({ id: "99999999999" }).success).toBe(false);
    expect(idParams("contentId").safeParse({ id: "1" }).success).toBe(false);
  });
});

describe("isTimestamp", () => {
  it.each([
    "2026-01-02T10:11:12Z",
    "2026-01-02T10:11:12.123Z",
    "2026-01-02 10:11:12.123456+00",
    "2026-01-02T10:11:12+01:00",
    "0001-01-01T00:00:00Z",
    "9999-12-31T23:59:59Z",
  ])("takes %s", (value) => {
    expect(isTimestamp(value)).toBe(true);
  });

  it.each([
    "+275760-09-13T00:00:00.000Z",
    "275760-09-13T00:00:00Z",
    "0000-01-01T00:00:00Z",
    "2026-02-30T10:00:00Z",
    "2026-02-29T10:00:00Z",
    "2026-13-01T10:00:00Z",
    "2026-01-01T24:00:00Z",
    "2026-01-01",
    "yesterday",
    "2026-01-01T00:00:00+99:00",
  ])("refuses %s", (value) => {
    expect(isTimestamp(value)).toBe(false);
  });
});

describe("cursorSchema", () => {
  const topics = cursorSchema(cursorPart.flag, cursorPart.time, cursorPart.id);

  it("reads back what encodeCursor wrote", () => {
    const key = [true, "2026-01-02 10:11:12.123456+00", 7] as const;
    expect(topics.parse(encodeCursor(key))).toEqual(key);
    const names = cursorSchema(cursorPart.text, cursorPart.id);
    expect(names.parse(encodeCursor(["Zoë Ámara 👩🏽‍🎨", 3]))).toEqual(["Zoë Ámara 👩🏽‍🎨", 3]);
  });

  it.each([
    ["a year JavaScript holds and PostgreSQL does not", forged([true, "+275760-09-13T00:00:00.000Z", 1])],
    ["30 February", forged([true, "2026-02-30 10:00:00+00", 1])],
    ["an id beyond the integer range", forged([true, "2026-01-01T00:00:00Z", 2147483648])],
    ["a fraction for an id", forged([true, "2026-01-01T00:00:00Z", 1.5])],
    ["a wrong type", forged(["true", "2026-01-01T00:00:00Z", 1])],
    ["a part too many", forged([true, "2026-01-01T00:00:00Z", 1, 2])],
    ["an object", forged({ after: 1 })],
    ["a NUL in text", forged([true, "2026-01-01T00:00:00Z\u0000", 1])],
    ["not base64url", "!!!"],
    ["not JSON", Buffer.from("[true,").toString("base64url")],
    ["not UTF-8", Buffer.from([0xff, 0xfe]).toString("base64url")],
  ])("refuses %s with one plain message", (_what, cursor) => {
    const result = z.object({ after: topics.optional() }).safeParse({ after: cursor });
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([[["after"], CURSOR_MESSAGE]]);
  });
});

describe("malformed text", () => {
  it("is a NUL or a surrogate without its pair", () => {
    expect(["\u0000", "a\u0000", "\ud800", "x\udfff", "\udc00\ud800"].map(isMalformedText)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["", "plain", "👩🏽‍🎨", "\u202e", "\ufffd"].map(isMalformedText)).toEqual([false, false, false, false, false]);
  });

  it("is found at any depth and in keys, with its path", () => {
    expect(findMalformedText({ a: [1, { b: "ok" }, { c: "x\u0000" }] })).toEqual(["a", 2, "c"]);
    expect(findMalformedText({ ok: { ["\ud800"]: 1 } })).toEqual(["ok"]);
    expect(findMalformedText({ a: ["fine", 1, null, true] })).toBeNull();
  });

  it("is looked for without recursion, so a value nested 20,000 deep cannot overflow the stack", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(findMalformedText(deep)).toHaveLength(20_000);
  });
});
