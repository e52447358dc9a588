import { libraryFiltersSchema, libraryItemSchema } from "./schemas";

const article = {
  title: "Rest as practice",
  slug: "rest-as-practice",
  summary: "Why rest is part of the work.",
  contentType: "article",
  content: "<p>Words</p>",
  featuredImage: "",
  videoUrl: "",
  attachmentUrl: "",
  externalUrl: "",
  categoryId: null,
  tags: [],
  access: "public",
  isFeatured: false,
  status: "draft",
  publishAt: "",
};

const messages = (input: object) => {
  const result = libraryItemSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe("library item (the editor's form and its handler)", () => {
  it("accepts a draft article", () => {
    expect(messages(article)).toEqual([]);
  });

  it("asks for each type's own field", () => {
    expect(messages({ ...article, content: "<p> </p>" })).toEqual(["content: Please write the article"]);
    expect(messages({ ...article, contentType: "video", videoUrl: "https://evil.example/v.mp4" })).toEqual([
      "videoUrl: Please enter a YouTube or Vimeo address, or upload an MP4 video",
    ]);
    expect(messages({ ...article, contentType: "pdf", attachmentUrl: "https://example.com/a.pdf" })).toEqual([
      "attachmentUrl: Please upload a PDF",
    ]);
    expect(messages({ ...article, contentType: "external", externalUrl: "javascript:alert(1)" })).toEqual([
      "externalUrl: Please enter a web address starting with https://",
    ]);
  });

  it("schedules only for a time in the future", () => {
    expect(messages({ ...article, status: "scheduled", publishAt: "" })).toEqual([
      "publishAt: Please choose when to publish",
    ]);
    expect(
      messages({ ...article, status: "scheduled", publishAt: new Date(Date.now() - 60_000).toISOString() }),
    ).toEqual(["publishAt: Please choose a time in the future"]);
    expect(
      messages({ ...article, status: "scheduled", publishAt: new Date(Date.now() + 60_000).toISOString() }),
    ).toEqual([]);
  });

  it("refuses a featured image from anywhere but our storage or our art", () => {
    expect(messages({ ...article, featuredImage: "https://evil.example/x.png" })).toEqual([
      "featuredImage: Please upload a JPEG, PNG or WebP image",
    ]);
  });
});

describe("library filters (from the URL)", () => {
  it("defaults to the first page of everything and reads membersOnly as a flag", () => {
    expect(libraryFiltersSchema.parse({ membersOnly: "true" })).toEqual({
      search: "",
      category: "",
      tag: "",
      contentType: "",
      membersOnly: true,
      limit: 24,
    });
  });

  it("refuses filter values that could not be slugs or types", () => {
    expect(libraryFiltersSchema.safeParse({ category: "a'; drop" }).success).toBe(false);
    expect(libraryFiltersSchema.safeParse({ contentType: "podcast" }).success).toBe(false);
  });
});
