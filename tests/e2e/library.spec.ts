import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { contentCategories, contentItems, contentItemTags, contentTags, storedFiles } from "@/db/schema";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { runJobNow } from "../support/run-job";
import { expect, expectAccessible, signInAs, standInVideoPlayers, test, toast } from "./fixtures";

// The library. Data is arranged in the database; the browser is used
// for what only it shows: the URL-borne filters, the content by type, the toasts, the editor.

const unique = () => randomUUID().slice(0, 8);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

async function insertItem(values: Partial<typeof contentItems.$inferInsert>) {
  const slug = `e2e-${unique()}`;
  const [row] = await testDb()
    .insert(contentItems)
    .values({
      title: `Item ${slug}`,
      slug,
      summary: "A summary for the card.",
      contentType: "article",
      content: "<p>Words</p>",
      status: "published",
      publishedAt: new Date(),
      ...values,
    })
    .returning();
  return row!;
}

async function memberPage(page: Page, overrides: Parameters<typeof createTestUser>[0] = {}) {
  const user = await createTestUser(overrides);
  await signInAs(page, user.username, TEST_PASSWORD);
  return user;
}

/** The cards' titles, in order. */
const cardTitles = (page: Page) => page.getByTestId("library-card").getByRole("heading").allTextContents();

test.describe("library", () => {
  test("a visitor is sent to the login page", async ({ page }) => {
    await page.goto("/library/item/anything");
    await expect(page).toHaveURL(/\/login\?next=%2Flibrary%2Fitem%2Fanything/);
  });

  test("filters by search, category, tag and type, in the URL: shared, reloaded and undone with the back button", async ({
    page,
    browser,
  }) => {
    // A journey through several member pages, each loading its part in the browser: more than a minute on a busy machine.
    test.slow();
    const tag = unique();
    const [category] = await testDb()
      .insert(contentCategories)
      .values({ name: `Rituals ${tag}`, slug: `rituals-${tag}` })
      .returning();
    const [tagRow] = await testDb()
      .insert(contentTags)
      .values({ name: `moon-${tag}`, slug: `moon-${tag}` })
      .returning();
    const day = (n: number) => new Date(Date.now() - n * 86_400_000);
    const article = await insertItem({
      title: `Moon journaling ${tag}`,
      categoryId: category!.id,
      publishedAt: day(1),
    });
    const video = await insertItem({
      title: `Moon flow ${tag}`,
      categoryId: category!.id,
      contentType: "video",
      content: "",
      videoUrl: "https://youtu.be/dQw4w9WgXcQ",
      publishedAt: day(2),
    });
    await insertItem({
      title: `Pricing art ${tag}`,
      categoryId: category!.id,
      contentType: "external",
      content: "",
      externalUrl: "https://example.com",
      publishedAt: day(3),
    });
    await testDb()
      .insert(contentItemTags)
      .values([
        { contentId: article.id, tagId: tagRow!.id },
        { contentId: video.id, tagId: tagRow!.id },
      ]);

    await memberPage(page);
    await page.goto("/library");
    await expect(page.getByRole("heading", { name: "Library", level: 1 })).toBeVisible();
    await expect(page.getByTestId("library-card").first()).toBeVisible();
    await expectAccessible(page, "/library");

    await page.getByLabel("Category").selectOption(category!.slug);
    await expect(page).toHaveURL(new RegExp(`category=${category!.slug}`));
    await expect
      .poll(() => cardTitles(page))
      .toEqual([`Moon journaling ${tag}`, `Moon flow ${tag}`, `Pricing art ${tag}`]);

    await page.getByLabel("Tag", { exact: true }).selectOption(tagRow!.slug);
    await expect.poll(() => cardTitles(page)).toEqual([`Moon journaling ${tag}`, `Moon flow ${tag}`]);
    await page.getByText("Videos", { exact: true }).click();
    await expect(page).toHaveURL(/type=video/);
    await expect.poll(() => cardTitles(page)).toEqual([`Moon flow ${tag}`]);

    await page.getByText("All", { exact: true }).click();
    await expect(page).not.toHaveURL(/type=/);
    await page.getByLabel("Search", { exact: true }).fill("journaling");
    await expect(page).toHaveURL(/search=journaling/);
    await expect.poll(() => cardTitles(page)).toEqual([`Moon journaling ${tag}`]);

    // The address is the filter: another member opening it sees the same list.
    const shared = page.url();
    const other = await browser.newPage({ baseURL: process.env.TEST_BASE_URL });
    await memberPage(other);
    await other.goto(shared);
    await expect(other.getByLabel("Search", { exact: true })).toHaveValue("journaling");
    await expect.poll(() => cardTitles(other)).toEqual([`Moon journaling ${tag}`]);
    await other.close();

    await page.goBack();
    await expect(page).not.toHaveURL(/search=/);
    await expect.poll(() => cardTitles(page)).toEqual([`Moon journaling ${tag}`, `Moon flow ${tag}`]);

    await page.getByRole("button", { name: "Reset filters" }).click();
    await expect(page).toHaveURL(/\/library$/);
    // A change made right after another builds on it: "Videos", then at once a search. (The page is
    // prerendered: a filter change asks the API for the list, not the server for a page.)
    await page.getByText("Videos", { exact: true }).click();
    await page.getByLabel("Search", { exact: true }).fill(`nothing${tag}matches`);
    await expect(page).toHaveURL(new RegExp(`search=nothing${tag}matches`));
    await expect(page).toHaveURL(/type=video/);
    await expect(page.getByRole("heading", { name: "No content found" })).toBeVisible();

    await page.getByRole("button", { name: "List view" }).click();
    await expect(page).toHaveURL(/view=list/);
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(`/library?category=${category!.slug}`);
    await expect(page.getByTestId("library-card")).toHaveCount(3);
    await expectAccessible(page, "/library at 320 px");

    await page.goto(`/library/tag/${tagRow!.slug}`);
    await expect(page.getByRole("heading", { name: `#moon-${tag}` })).toBeVisible();
    await expect.poll(() => cardTitles(page)).toEqual([`Moon journaling ${tag}`, `Moon flow ${tag}`]);
    await expectAccessible(page, "tag page at 320 px");
    await page.goto(`/library/tag/none-${tag}`);
    await expect(page.getByRole("heading", { name: "Tag Not Found" })).toBeVisible();
  });

  test("a search that matched more than it ranked says so under the results; one more word narrows it", async ({
    page,
  }) => {
    const word = `ravelwing${unique()}`;
    await testDb().execute(sql`
      insert into content_items (title, slug, summary, content, content_type, status, published_at)
      select 'Bulk item ' || g, ${`bulk-${word}-`} || g, 'Summary', ${`<p>Body with ${word}.</p>`}, 'article', 'published', timestamptz '2002-01-01' + g * interval '1 minute'
      from generate_series(1, 1001) g`);
    const narrow = await insertItem({ title: `The ${word} almanac`, summary: "Tides and gardens." });
    try {
      await memberPage(page);
      await page.goto("/library");
      await page.getByLabel("Search", { exact: true }).fill(word);
      await expect(page.getByTestId("library-card").first()).toBeVisible();
      await expect(page.getByText("Showing the best of the newest 1,000 matches; add a word to narrow")).toBeVisible();
      await expectAccessible(page, "library search capped");

      await page.getByLabel("Search", { exact: true }).fill(`${word} tides`);
      await expect.poll(() => cardTitles(page)).toEqual([narrow.title]);
      await expect(page.getByText("Showing the best of the newest 1,000 matches; add a word to narrow")).toHaveCount(0);
    } finally {
      await testDb().execute(sql`delete from content_items where slug like ${`bulk-${word}-%`}`);
    }
  });

  test("opens each content type: an article, a video, a PDF with its download and an external link", async ({
    page,
  }) => {
    await standInVideoPlayers(page);
    const editor = await createTestUser({ isAdmin: true });
    await signInAs(page, editor.username, TEST_PASSWORD);
    const uploaded = await page.request.post("/api/uploads/library-pdf?name=workbook.pdf", {
      data: PDF,
      headers: { origin: process.env.TEST_BASE_URL!, "content-type": "application/octet-stream" },
    });
    expect(uploaded.status()).toBe(201);
    const { url: pdfUrl, id: pdfId } = await uploaded.json();
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#4a7" } })
      .png()
      .toBuffer();
    const image = await page.request.post("/api/uploads/library-image?name=garden.png", {
      data: picture,
      headers: { origin: process.env.TEST_BASE_URL!, "content-type": "application/octet-stream" },
    });
    const { url: imageUrl, id: imageId } = await image.json();

    const article = await insertItem({
      content: `<h2>Begin</h2><p><img src="${imageUrl}" alt="The garden"></p><p>${"word ".repeat(450)}</p>`,
    });
    const video = await insertItem({
      contentType: "video",
      content: "",
      videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
    const pdf = await insertItem({ contentType: "pdf", content: "", attachmentUrl: pdfUrl });
    const external = await insertItem({
      contentType: "external",
      content: "",
      externalUrl: "https://example.com/guide",
    });
    await testDb()
      .update(storedFiles)
      .set({ access: "gated", gateKind: "library-item", gateId: pdf.id })
      .where(eq(storedFiles.id, pdfId));

    await testDb()
      .update(storedFiles)
      .set({ access: "gated", gateKind: "library-item", gateId: article.id })
      .where(eq(storedFiles.id, imageId));

    await page.goto(`/library/item/${article.slug}`);
    await expect(page.getByTestId("article-body").getByRole("heading", { name: "Begin" })).toBeVisible();
    // Files are served sandboxed; an image in an article still shows.
    await expect
      .poll(() =>
        page
          .getByRole("img", { name: "The garden" })
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(64);
    await expect(page.getByTestId("item-views")).toHaveText("1 view");
    await expectAccessible(page, "article");

    await page.goto(`/library/item/${video.slug}`);
    await expect(page.getByTestId("video-embed")).toHaveAttribute(
      "src",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    );

    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(`/library/item/${pdf.slug}`);
    await expect(page.getByTestId("pdf-embed")).toHaveAttribute("src", pdfUrl);
    await expect(page.getByTestId("pdf-embed")).toHaveCSS("height", "600px");
    // Chromium's PDF viewer opens the sandboxed file in the embed (a frame refused would be chrome-error://).
    await expect
      .poll(() => page.frames().map((frame) => frame.url()))
      .toContainEqual(expect.stringMatching(/^chrome-extension:\/\/[a-z]+\/index\.html$/));
    expect(page.frames().map((frame) => frame.url())).toContain(new URL(pdfUrl, page.url()).toString());
    expect(page.frames().some((frame) => frame.url().startsWith("chrome-error:"))).toBe(false);
    const download = await page.request.get(`${pdfUrl}?download=1`);
    expect(download.headers()["content-disposition"]).toMatch(/^attachment/);
    expect((await download.body()).subarray(0, 4).toString()).toBe("%PDF");
    await expectAccessible(page, "pdf at 320 px");

    await page.goto(`/library/item/${external.slug}`);
    const link = page.getByRole("link", { name: /Open the resource/ });
    await expect(link).toHaveAttribute("href", "https://example.com/guide");
    await expect(link).toHaveAttribute("target", "_blank");

    await page.goto(`/library/item/missing-${unique()}`);
    await expect(page.getByRole("heading", { name: "Content Not Found" })).toBeVisible();
  });

  test("bookmarks, un-bookmarks and finds it under My Bookmarks; comments (empty first) and deletes the comment", async ({
    page,
  }) => {
    // A journey through several member pages, each loading its part in the browser: more than a minute on a busy machine.
    test.slow();
    const item = await insertItem({ title: `Keep this ${unique()}` });
    await memberPage(page);
    page.on("dialog", (dialog) => void dialog.accept());
    await page.goto(`/library/item/${item.slug}`);

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page)).toContainText("Content saved to your bookmarks");
    await expect(page.getByRole("button", { name: "Saved" })).toHaveAttribute("aria-pressed", "true");
    await page.goto("/library?tab=bookmarks");
    await expect(page.getByRole("tab", { name: "My Bookmarks" })).toHaveAttribute("aria-selected", "true");
    await expect.poll(() => cardTitles(page)).toEqual([item.title]);
    await expectAccessible(page, "my bookmarks");

    await page
      .getByTestId("library-card")
      .getByRole("link", { name: /Read More/ })
      .click();
    await page.getByRole("button", { name: "Saved" }).click();
    await expect(toast(page).filter({ hasText: "Content removed from your bookmarks" })).toBeVisible();
    await page.goto("/library?tab=bookmarks");
    await expect(page.getByRole("heading", { name: "No content found" })).toBeVisible();

    await page.goto(`/library/item/${item.slug}`);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(toast(page).filter({ hasText: "Empty comment" })).toContainText("Please enter a comment");
    await page.getByLabel("Add a comment").fill("This helped me plan my week.");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(toast(page).filter({ hasText: "Comment posted" })).toContainText("Your comment has been added");
    await expect(page.getByTestId("library-comment")).toContainText("This helped me plan my week.");
    await expectAccessible(page, "item with a comment");
    await page.getByRole("button", { name: /Delete comment by/ }).click();
    await expect(page.getByTestId("library-comment")).toHaveCount(0);
    await expect(page.getByText("No comments yet")).toBeVisible();
  });

  test("a Connect member sees the gating panel for a Play-only item, and the API gives her no body", async ({
    page,
  }) => {
    const secret = `secret${unique()}`;
    const item = await insertItem({
      title: `Play retreat ${unique()}`,
      isPublic: false,
      requiredMembershipLevel: "play",
      content: `<p>${secret}</p>`,
    });
    const [category] = await testDb()
      .insert(contentCategories)
      .values({
        name: `Play room ${unique()}`,
        slug: `play-room-${unique()}`,
        isPublic: false,
        requiredMembershipLevel: "play",
      })
      .returning();
    await memberPage(page, { membershipLevel: "connect" });

    await page.goto(`/library/item/${item.slug}`);
    await expect(page.getByTestId("gating-panel")).toContainText("This content is for Play members and above");
    await expect(page.getByTestId("article-body")).toHaveCount(0);
    await expect(page.getByText(secret)).toHaveCount(0);
    await expectAccessible(page, "gated item");
    const api = await page.request.get(`/api/content/items/${item.slug}`);
    const body = await api.json();
    expect(body).toMatchObject({ locked: true, content: null });
    expect(JSON.stringify(body)).not.toContain(secret);

    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(`/library/category/${category!.slug}`);
    await expect(page.getByTestId("gating-panel")).toContainText("This category is for Play members and above");
    await expectAccessible(page, "gated category at 320 px");
    await page.goto(`/library/category/none-${unique()}`);
    await expect(page.getByRole("heading", { name: "Category Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Library" })).toBeVisible();
  });

  test("a member with manage_content creates an article with an image, schedules it, and it appears when the time comes", async ({
    page,
    browser,
  }) => {
    await memberPage(page, { permissions: { manage_content: true } });
    const title = `Scheduled rest ${unique()}`;
    await page.goto("/library");
    await page.getByRole("link", { name: "Create Content" }).click();
    await expect(page).toHaveURL(/\/admin\/content\/create$/);
    await expect(page.getByRole("heading", { name: "Create Content" })).toBeVisible();

    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Summary").fill("How rest makes room for the work.");
    const body = page.getByRole("textbox", { name: "Article" });
    await body.click();
    await body.pressSequentially("Rest is part of the practice.");
    const image = await sharp({ create: { width: 800, height: 450, channels: 3, background: "#a36" } })
      .png()
      .toBuffer();
    await page.getByLabel("Featured image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: image });
    await expect(page.getByRole("button", { name: "Remove featured image" })).toBeVisible();
    await page.getByLabel("Tags").fill("rest");
    await page.getByLabel("Tags").press("Enter");

    // The next whole minute at least one minute away (the form is filled and saved, and a reader
    // refused, before it comes), in the browser's time, as the editor would type it.
    const at = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
    await page.getByLabel("Scheduled").check();
    const local = await page.evaluate((ms) => {
      const d = new Date(ms);
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    }, at.getTime());
    await page.getByLabel("Publish at").fill(local);
    await expectAccessible(page, "editor");
    await page.getByRole("button", { name: "Save Content" }).click();
    await expect(toast(page).filter({ hasText: "Content Saved" })).toContainText(
      "Your changes have been saved successfully.",
    );
    await expect(page).toHaveURL(/\/admin\/library$/);
    await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Scheduled");
    await expectAccessible(page, "admin list");

    const [row] = await testDb().select().from(contentItems).where(eq(contentItems.title, title));
    expect(row).toMatchObject({
      status: "scheduled",
      content: "<p>Rest is part of the practice.</p>",
      featuredImage: expect.stringMatching(/^\/api\/files\//),
    });
    expect(row!.publishedAt!.getTime()).toBe(at.getTime());

    const reader = await browser.newPage({ baseURL: process.env.TEST_BASE_URL });
    await memberPage(reader);
    await reader.goto(`/library/item/${row!.slug}`);
    await expect(reader.getByRole("heading", { name: "Content Not Found" })).toBeVisible();

    // While it waits for its minute, the editor looks through the library's categories and tags.
    const management = page.getByRole("navigation", { name: "Library management" });
    await management.getByRole("link", { name: "Categories" }).click();
    await expect(page.getByRole("heading", { name: "Categories" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Edit / }).first()).toBeVisible();
    await expectAccessible(page, "admin categories");
    await management.getByRole("link", { name: "Tags" }).click();
    await expect(page.getByRole("heading", { name: "Tags" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Rename rest" })).toBeVisible();
    await expectAccessible(page, "admin tags");
    // Its minute comes: the item's time is moved to now rather than waited for, and the job that
    // publishes what is due (minutely, and at each item's time) runs.
    await testDb()
      .update(contentItems)
      .set({ publishedAt: sql`now() - interval '1 second'` })
      .where(eq(contentItems.id, row!.id));
    await runJobNow("library.publish");
    await expect
      .poll(async () => (await reader.request.get(`/api/content/items/${row!.slug}`)).status(), { intervals: [500] })
      .toBe(200);
    await reader.goto(`/library?search=${encodeURIComponent(title)}`);
    await expect.poll(() => cardTitles(reader)).toEqual([title]);
    await expect(reader.getByTestId("library-card").locator("img")).toHaveAttribute("src", row!.featuredImage!);
    await expect(reader.getByTestId("library-card")).toContainText("1 min read");
    await reader.close();
  });
});
