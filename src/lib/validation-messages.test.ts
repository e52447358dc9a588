import { z } from "./validation";
import { fieldLabel } from "./validation-messages";

const messages = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe("fieldLabel", () => {
  it.each([
    [["firstName"], "First name"],
    [["categoryId"], "Category"],
    [["chatHistory", 3, "message"], "Message"],
    [["id"], "The id"],
    [["q"], "The search"],
    [["after"], "The page link"],
    [["birth_date"], "Birth date"],
    [[], "The request"],
  ])("%p is %s", (path, label) => {
    expect(fieldLabel(path)).toBe(label);
  });
});

describe("the app's error map (installed by src/lib/validation.ts)", () => {
  const schema = z.object({
    title: z.string().min(5).max(10),
    count: z.number().int().min(1).max(3),
    tags: z.array(z.string()).min(1).max(2),
    tier: z.enum(["connect", "create", "empower", "play"]),
    agree: z.literal(true),
    email: z.email(),
    website: z.url(),
    day: z.iso.date(),
    code: z.string().regex(/^\d{6}$/),
    flag: z.boolean(),
  });

  it("says what is missing", () => {
    expect(messages(schema, {})).toEqual([
      "Title is required.",
      "Count is required.",
      "Tags is required.",
      "Tier is required.",
      "Agree is required.",
      "Email is required.",
      "Website is required.",
      "Day is required.",
      "Code is required.",
      "Flag is required.",
    ]);
  });

  it("says what is wrong in words", () => {
    const wrong = {
      title: "Hi",
      count: 9,
      tags: [],
      tier: "gold",
      agree: false,
      email: "nope",
      website: "nope",
      day: "June",
      code: "12",
      flag: "yes",
    };
    expect(messages(schema, wrong)).toEqual([
      "Title must be at least 5 characters.",
      "Count must be at most 3.",
      "Tags needs at least one item.",
      "Tier must be one of connect, create, empower or play.",
      "Agree must be true.",
      "Please enter a valid email address",
      "Please enter a valid URL",
      "Day must be a date (YYYY-MM-DD).",
      "Code is not in the right form.",
      "Flag must be true or false.",
    ]);
    expect(messages(schema, { ...wrong, title: 12, count: Number.NaN, tags: "a" })).toEqual(
      expect.arrayContaining(["Title must be text.", "Count must be a number.", "Tags must be a list."]),
    );
  });

  it("refuses a body that is not an object, and unknown fields, plainly", () => {
    expect(messages(schema, [])).toEqual(["The request body must be a JSON object."]);
    expect(messages(z.object({ a: z.string() }).strict(), { a: "x", b: 1, c: 2 })).toEqual([
      "These fields are not accepted here: b, c.",
    ]);
  });

  it("keeps a schema's own message, as the spec's are written there", () => {
    expect(
      messages(z.object({ title: z.string().min(5, "Title must be at least 5 characters") }), { title: "Hi" }),
    ).toEqual(["Title must be at least 5 characters"]);
  });
});
