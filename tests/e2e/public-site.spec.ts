import { createTestUser, latestEmailTo, linkIn, TEST_PASSWORD } from "../support/db";
import { expect, expectAccessible, signInAs, test, toast } from "./fixtures";
import { DEMO_BLOG_POSTS } from "@/db/seed/blog-posts";

// Every test starts with consent stored, except the one about the banner, so the banner covers nothing.
test.beforeEach(async ({ page }, info) => {
  if (!info.title.includes("cookie banner"))
    await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "accepted"));
});

test("the home page has every section and its calls to action", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Where womxn connect, create, play and empower");
  for (const heading of [
    "Our Four Pillars",
    "About Us",
    "Membership Tiers",
    "Upcoming Events",
    "What Our Members Say",
    "Moments From Our Community",
    "Stay in the Loop",
    "Join Our Community",
  ]) {
    await expect(page.getByRole("heading", { name: heading, level: 2 })).toBeVisible();
  }
  for (const pillar of ["Connect", "Create", "Play", "Empower"])
    await expect(page.locator("#pillars").getByRole("heading", { name: pillar })).toBeVisible();
  await expect(page.locator("#tiers li > h3")).toHaveText(["Connect", "Create", "Empower", "Play"]);
  await expect(page.locator("#gallery img")).toHaveCount(6);
  const whatsapp = page.getByRole("link", { name: /Join WhatsApp Channel/ });
  await expect(whatsapp).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("link", { name: "Explore Membership" })).toHaveAttribute("href", "/membership");
  await expect(page.getByRole("link", { name: "View Events" })).toHaveAttribute("href", "/events");
  await expect(page.locator("#join").getByRole("link", { name: "Apply for Membership" })).toHaveAttribute(
    "href",
    "/apply",
  );
  await expect(page.locator("#join").getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  await expectAccessible(page);

  await page.getByRole("link", { name: "Choose Create" }).click();
  await expect(page).toHaveURL(/\/apply\?tier=create$/);
});

test("the home page's event filters switch between grids the server rendered, with no request for events", async ({
  page,
}) => {
  const eventRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/luma/events") || request.url().includes("/api/events"))
      eventRequests.push(request.url());
  });
  await page.goto("/");
  const listing = page.locator("#upcoming-events");
  await expect(listing.getByTestId("featured-event")).toContainText("New Moon Intention Circle");
  await expect(listing.getByRole("button", { name: "All Events" })).toHaveAttribute("aria-pressed", "true");
  const cards = listing.getByTestId("event-card");

  await listing.getByRole("button", { name: "Workshops" }).click();
  await expect(listing.getByRole("button", { name: "Workshops" })).toHaveAttribute("aria-pressed", "true");
  await expect(cards.filter({ hasText: "Creative Lab: Collage for Visioning" })).toBeVisible();
  await expect(cards.filter({ hasText: "Rooftop Sisterhood Social" })).toHaveCount(0);
  await expect(listing.getByTestId("featured-event")).toContainText("New Moon Intention Circle");

  await listing.getByRole("button", { name: "Social" }).click();
  await expect(cards.filter({ hasText: "Rooftop Sisterhood Social" })).toBeVisible();
  await expect(cards.filter({ hasText: "Creative Lab" })).toHaveCount(0);
  await expectAccessible(page, "home events, Social");
  expect(eventRequests).toEqual([]);
});

test("about, membership and community render their sections and anchors", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About");
  await expect(page.locator("#who-we-are h2")).toHaveText("Who We Are");
  await expect(page.locator("#principles h2")).toHaveText("Our Mission & Vision");
  await expect(page.locator("#leadership li")).toHaveCount(6);
  await expectAccessible(page);

  await page.goto("/membership");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Membership");
  await expect(page.locator("#benefits li h3")).toHaveText([
    "Supportive Community",
    "Exclusive Member-Only Events",
    "Resource Library",
    "Networking Opportunities",
  ]);
  for (const tier of ["connect", "create", "empower", "play"])
    await expect(page.locator(`#tiers a[href="/apply?tier=${tier}"]`)).toBeVisible();
  await expectAccessible(page);

  await page.goto("/community");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Community");
  await expect(page.locator("#values li h3")).toHaveText([
    "Inclusivity",
    "Authentic Expression",
    "Collective Care",
    "Collaborative Growth",
  ]);
  const engage = page.locator("#engage");
  for (const href of ["/events", "#whatsapp", "/membership", "/apply"])
    await expect(engage.locator(`a[href="${href}"]`)).toBeVisible();
  await expectAccessible(page);
});

test("the FAQ opens one answer at a time, and its contact form validates and sends", async ({ page }) => {
  await page.goto("/faq");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
  const items = page.locator("details[data-slot=accordion-item]");
  const questions = items.locator("summary");
  await expect(questions).toHaveCount(12);
  await questions.nth(0).click();
  await expect(items.nth(0)).toHaveAttribute("open", "");
  await questions.nth(2).click();
  await expect(items.nth(2)).toHaveAttribute("open", "");
  await expect(items.nth(0)).not.toHaveAttribute("open");
  await expect(page.getByText("within 5 business days")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Please enter your name")).toBeVisible();
  await expect(page.getByLabel("Name"), "focus moves to the first field in error").toBeFocused();
  await page.getByLabel("Name").fill("Rosa Visitor");
  await page.getByLabel("Email").fill("rosa@example.com");
  await page.getByLabel("Subject").fill("Volunteering");
  await page.getByLabel("Message", { exact: true }).fill("I would like to help at your next event.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(toast(page)).toContainText("Message sent");
  await expect(page.getByLabel("Name")).toHaveValue("");
});

test("contact, terms and privacy pages", async ({ page }) => {
  for (const [path, title] of [
    ["/contact", "Contact Us"],
    ["/terms", "Terms of Service"],
    ["/privacy", "Privacy Policy"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expectAccessible(page);
  }
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Mira Guest");
  await page.getByLabel("Email").fill("mira@example.com");
  await page.getByLabel("Subject").fill("Partnership");
  await page.getByLabel("Message", { exact: true }).fill("We run a studio and want to host a salon.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(toast(page)).toContainText("Thank you for your message");
});

test("the cookie banner shows once and is gone after Accept All", async ({ page }) => {
  await page.goto("/about");
  const banner = page.getByRole("region", { name: "Cookie consent" });
  await expect(banner).toBeVisible();
  await expectAccessible(page, "page with cookie banner");
  await banner.getByRole("button", { name: "Accept All" }).click();
  await expect(banner).toBeHidden();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem("cookie-consent"))).toBe("accepted");
});

test("newsletter: subscribe, confirm with the button, unsubscribe, through the outbox", async ({ page }) => {
  const email = `newsletter_${Date.now()}@example.com`;
  await page.goto("/");
  const form = page.locator("#newsletter");
  await form.getByLabel("Email address").fill("nope");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();

  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(toast(page)).toContainText("Success!");
  await expect(toast(page)).toContainText("You have been subscribed to our newsletter.");
  await expect(form.getByLabel("Email address")).toHaveValue("");

  const mail = await latestEmailTo(email);
  expect(mail?.kind).toBe("newsletter-confirm");
  await page.goto(new URL(linkIn(mail!.text, "/newsletter/confirm/")).pathname);
  await expectAccessible(page, "confirm page");
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.locator("#main").getByRole("status")).toContainText("Your subscription is confirmed.");

  await page.goto(new URL(linkIn(mail!.text, "/unsubscribe/")).pathname);
  await expect(page.getByText(`Stop sending the newsletter to ${email}?`)).toBeVisible();
  await expectAccessible(page, "unsubscribe page");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.locator("#main").getByRole("status")).toContainText("You have been unsubscribed.");
});

test("a newsletter she fills in and sends while the form's scripts are still on their way is sent, focus on Subscribe", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const loadedWithThePage = new Set(scripts);

  // The form's logic (react-hook-form, the schema) loads as she nears the form: from here every script
  // waits until she has typed and sent, so the stand-in's handoff is what carries both.
  const held: (() => Promise<void>)[] = [];
  await page.route("**/_next/static/**/*.js", (route) => void held.push(() => route.continue()));
  const email = `early_${Date.now()}@example.com`;
  const form = page.locator("#newsletter");
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect.poll(() => held.length, "nearing the form asks for its logic").toBeGreaterThan(0);
  expect(
    scripts.filter((url) => !loadedWithThePage.has(url)).length,
    "scripts the page had not loaded",
  ).toBeGreaterThan(0);
  await page.unroute("**/_next/static/**/*.js");
  for (const release of held) await release();

  await expect(toast(page)).toContainText("You have been subscribed to our newsletter.");
  await expect(form.getByLabel("Email address")).toHaveValue("");
  await expect(form.getByRole("button", { name: "Subscribe" }), "focus stays on the button she pressed").toBeFocused();
  expect((await latestEmailTo(email))?.kind).toBe("newsletter-confirm");
});

test("the blog lists posts, opens an article, and subscribes from its form", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
  // Each of the demo's posts, once (the integration files that share this database publish posts of their own).
  for (const post of DEMO_BLOG_POSTS)
    await expect(page.locator("article").filter({ hasText: post.title })).toHaveCount(1);
  await expectAccessible(page);
  await page.getByRole("link", { name: "The Power of Gathering: Why Womxn Need Circles" }).click();
  await expect(page).toHaveURL(/\/blog\/the-power-of-gathering$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Power of Gathering: Why Womxn Need Circles");
  await expect(page.getByRole("heading", { name: "Why circles work", level: 2 })).toBeVisible();
  await expectAccessible(page);

  await page.goto("/blog");
  await page.locator("#newsletter").getByLabel("Email address").fill(`blog_${Date.now()}@example.com`);
  await page.locator("#newsletter").getByRole("button", { name: "Subscribe" }).click();
  await expect(toast(page)).toContainText("You have been subscribed to our newsletter.");
});

test("an admin edits About in the content editor and the page shows it after saving", async ({ page }) => {
  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
  await page.goto("/admin/content");
  await expect(page.getByRole("heading", { name: "Content Editor", level: 1 })).toBeVisible();
  await page.getByRole("tab", { name: "About" }).click();
  const title = page.getByRole("tabpanel").getByLabel("Section Title").nth(1);
  await expect(title).toHaveValue(/Who We Are/);
  await expectAccessible(page);

  const text = `We gather every full moon ${Date.now()}.`;
  await page.getByRole("tabpanel").getByLabel("Content").nth(1).fill(text);
  await page.getByRole("tabpanel").getByLabel("Section Title").nth(1).fill("");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page)).toContainText("Error Saving Content");
  await expect(page.getByText("Section title is required")).toBeVisible();

  await page.getByRole("tabpanel").getByLabel("Section Title").nth(1).fill("Who We Are");
  await page.getByRole("button", { name: "Add Section" }).click();
  await expect(page.getByRole("tabpanel").getByLabel("Section Title").last()).toHaveValue("New Section");
  await page
    .getByRole("button", { name: /Delete About section \d+/ })
    .last()
    .click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page)).toContainText("Content Saved");

  await page.goto("/about");
  await expect(page.locator("#who-we-are")).toContainText(text);
});

test("admins see newsletter subscribers and manage blog posts", async ({ page }) => {
  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
  await page.goto("/admin/newsletter");
  await expect(page.getByRole("heading", { name: "Newsletter Subscribers" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "reader.one@example.com" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Export to CSV" })).toHaveAttribute(
    "href",
    "/api/admin/newsletter/export",
  );
  await expectAccessible(page);

  await page.goto("/admin/blog");
  await page.getByRole("button", { name: "New Post" }).click();
  const title = `Notes from the salon ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await expect(page.getByLabel("URL slug")).toHaveValue(/^notes-from-the-salon-\d+$/);
  await page.getByLabel("Category").fill("Community");
  await page.getByLabel("Author").fill("Maya Okafor");
  await page.getByLabel("Excerpt").fill("What we talked about at the spring salon.");
  await page
    .getByLabel("Content (Markdown)")
    .fill("## Opening\n\nWe began with tea and a circle. <script>alert(1)</script>");
  await page.getByLabel("Status").selectOption("published");
  await expectAccessible(page, "blog editor");
  await page.getByRole("button", { name: "Save Post" }).click();
  await expect(toast(page)).toContainText("Post saved");

  const slug = title.toLowerCase().replace(/ /g, "-");
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Opening" })).toBeVisible();
  await expect(page.locator("article script:not([type])")).toHaveCount(0);

  await page.goto("/admin/blog");
  await page.getByRole("button", { name: `Unpublish ${title}` }).click();
  await expect(toast(page)).toContainText("Post unpublished");
  const gone = await page.request.get(`/blog/${slug}`);
  expect(gone.status()).toBe(404);
});

test("search engines get robots.txt, the sitemap, RSS and structured data", async ({ page }) => {
  const robots = await (await page.request.get("/robots.txt")).text();
  expect(robots).toMatch(/Disallow: \/admin/);
  expect(robots).toMatch(/Disallow: \/profile/);
  expect(robots).toMatch(/Sitemap: .*\/sitemap.xml/);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/blog/the-power-of-gathering</loc>");
  expect(sitemap).toContain("/faq</loc>");
  expect(sitemap).toMatch(/\/events\/\d+<\/loc>/);
  const rss = await page.request.get("/blog/rss.xml");
  expect(rss.headers()["content-type"]).toContain("application/rss+xml");
  expect(await rss.text()).toContain("<title>A Beginner&apos;s Guide to Breathwork</title>");

  await page.goto("/faq");
  const faqLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(faqLd["@type"]).toBe("FAQPage");
  expect(faqLd.mainEntity).toHaveLength(12);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/faq$/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /opengraph-image/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  await page.goto("/");
  const orgLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(orgLd["@type"]).toBe("Organization");
  // The absolute URL uses APP_URL, which the test server does not set: fetch its path from this server.
  const og = await page.request.get(
    new URL((await page.locator('meta[property="og:image"]').getAttribute("content"))!).pathname,
  );
  expect(og.headers()["content-type"]).toBe("image/png");
});
