import { eq } from "drizzle-orm";
import { contentSections } from "@/db/schema";
import { closeTestDb, createTestUser, testDb, TEST_PASSWORD } from "../support/db";
import { call, signIn } from "../support/http";

afterAll(closeTestDb);

describe("content editor API", () => {
  let cookie: string;
  beforeAll(async () => {
    const admin = await createTestUser({ isAdmin: true });
    cookie = await signIn(admin.username, TEST_PASSWORD);
  });

  it("returns every page's sections in order", async () => {
    const result = await call("/api/cms/content", { cookie });
    expect(result.status).toBe(200);
    expect(Object.keys(result.json).sort()).toEqual(["about", "community", "home", "membership"]);
    expect(result.json.about[1].title).toBe("Who We Are");
  });

  it("saves edits, additions, deletions and order, and the static page shows the edit at once", async () => {
    const { json: content } = await call("/api/cms/content", { cookie });
    const marker = `Edited ${Date.now()}`;
    const community = content.community;
    const edited = {
      ...content,
      about: content.about.map((s: { title: string }, i: number) =>
        i === 1 ? { ...s, content: `${marker}: who we are.` } : s,
      ),
      community: [
        community[0],
        community[2],
        community[1],
        ...community.slice(3, -1),
        { id: "new-1", title: "Fresh Section", content: "Brand new text." },
      ],
    };
    const saved = await call("/api/cms/content", { method: "PUT", body: edited, cookie });
    expect(saved.status).toBe(200);
    expect(saved.json.community.map((s: { title: string }) => s.title)).toEqual([
      ...edited.community.map((s: { title: string }) => s.title),
    ]);
    expect(saved.json.community.at(-1).id).toEqual(expect.any(Number));

    const page = await call("/about");
    expect(page.text).toContain(marker);

    // A deleted section's id is gone for good; put the community page back with it as a new section.
    const original = [...community.slice(0, -1), { ...community.at(-1), id: "new-restored" }];
    const restored = await call("/api/cms/content", {
      method: "PUT",
      body: { ...saved.json, community: original },
      cookie,
    });
    expect(restored.status).toBe(200);
    expect(restored.json.community.map((s: { title: string }) => s.title)).toEqual(
      community.map((s: { title: string }) => s.title),
    );
  });

  it("refuses an invalid save and changes nothing", async () => {
    const { json: content } = await call("/api/cms/content", { cookie });
    const before = await testDb().select().from(contentSections).where(eq(contentSections.page, "home"));
    const empty = await call("/api/cms/content", {
      method: "PUT",
      body: { ...content, home: [{ ...content.home[0], title: "" }] },
      cookie,
    });
    expect(empty.status).toBe(400);
    expect(empty.json.fields["home.0.title"]).toBe("Section title is required");
    // An id from another page is refused, so a stale editor cannot move or delete rows it did not load.
    const foreign = await call("/api/cms/content", {
      method: "PUT",
      body: { ...content, home: [...content.home, content.about[0]] },
      cookie,
    });
    expect(foreign.status).toBe(400);
    const after = await testDb().select().from(contentSections).where(eq(contentSections.page, "home"));
    expect(after).toEqual(before);
  });
});
