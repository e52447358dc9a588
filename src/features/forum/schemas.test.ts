import { newReplySchema, newTopicSchema, slugify } from "./schemas";

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("slugify", () => {
  it("lowercases, drops punctuation, turns whitespace into hyphens and collapses them", () => {
    expect(slugify("Hello,  World! What's -- new?")).toBe("hello-world-whats-new");
    expect(slugify("  Café & Crème  ")).toBe("cafe-creme");
  });
});

describe("newTopicSchema", () => {
  it("gives the spec's messages", () => {
    const result = newTopicSchema.safeParse({ title: "Hey", content: "short", slug: "A b" });
    expect(messages(result)).toEqual({
      categoryId: "Please select a category",
      title: "Title must be at least 5 characters",
      content: "Content must be at least 20 characters",
      slug: "Slug can only contain lowercase letters, numbers, and hyphens",
    });
    expect(
      messages(
        newTopicSchema.safeParse({ categoryId: 1, title: "x".repeat(101), content: "y".repeat(20), slug: "ab" }),
      ),
    ).toEqual({
      title: "Title must be no more than 100 characters",
      slug: "Slug must be at least 3 characters",
    });
  });

  it("accepts an empty slug (generated on the server) and a category id sent as text", () => {
    const parsed = newTopicSchema.parse({ categoryId: "3", title: "A fine title", content: "c".repeat(20), slug: "" });
    expect(parsed.categoryId).toBe(3);
  });
});

describe("newReplySchema", () => {
  it("needs five characters after trimming", () => {
    expect(messages(newReplySchema.safeParse({ topicId: 1, content: "  hi   " }))).toEqual({
      content: "Post content must be at least 5 characters",
    });
  });
});
