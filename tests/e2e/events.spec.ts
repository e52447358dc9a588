import { eq, sql } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { eventInquiries, events } from "@/db/schema";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { expect, expectAccessible, signInAs, test, toast } from "./fixtures";

type Listed = { id: number; title: string; day: string; accessType: string; featured: boolean };

async function createEvent(overrides: Partial<typeof events.$inferInsert> = {}) {
  const startsAt = new Date(Date.now() + 2 * 86_400_000);
  const [row] = await testDb()
    .insert(events)
    .values({
      source: "internal",
      title: `Browser event ${Math.random().toString(36).slice(2, 8)}`,
      description: "Made by a browser test.",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * 3600_000),
      timezone: "America/New_York",
      locationName: "The Loft",
      address: "120 Wythe Ave, Brooklyn, NY 11249",
      accessType: "public",
      type: "social",
      ...overrides,
    })
    .returning();
  return row!;
}

/** Shows the month of `day` (yyyy-MM-dd) in the calendar and returns that day's button. */
async function dayButton(page: Page, day: string) {
  const target = new Date(`${day}T12:00:00`);
  const caption = target.toLocaleDateString("en-US", { month: "long", year: "numeric" });
  const direction = target.getTime() < Date.now() ? /previous month/i : /next month/i;
  for (let i = 0; i < 24 && !(await page.getByText(caption, { exact: true }).first().isVisible()); i++) {
    await page.getByRole("button", { name: direction }).click();
  }
  return page.locator(`[data-day="${day}"]:not([data-outside]) button`);
}

test.describe("events page", () => {
  test("Past Events lists events that have ended, most recent first, under the navbar's Past anchor", async ({
    page,
  }) => {
    // /events is prerendered (docs/decisions/032): she sees the copy in the shared page cache...
    await page.request.get("/events");
    expect((await page.request.get("/events")).headers()["x-nextjs-cache"]).toBe("HIT");
    const past = page.locator("#past");
    const ended = await createEvent({
      title: `Ended ${Math.random().toString(36).slice(2, 8)}`,
      startsAt: new Date(Date.now() - 3 * 3600_000),
      endsAt: new Date(Date.now() - 3600_000),
    });
    // ...until a change to the events expires it on every instance, as a Luma sync or an admin's edit
    // in another instance does (next_cache_tags); this event was written straight into the database.
    await testDb().execute(sql`insert into next_cache_tags (tag, expired_at) values ('_N_T_/events', ${Date.now()})
      on conflict (tag) do update set expired_at = excluded.expired_at`);
    await page.goto("/events#past");
    await expect(past.getByRole("heading", { name: ended.title })).toBeVisible();
    await expect(past.getByRole("heading", { name: "Past Events" })).toBeVisible();
    const titles = await past.getByRole("heading", { level: 3 }).allTextContents();
    expect(titles.indexOf(ended.title)).toBe(0);
    expect(titles).toContain("Breathwork for Beginners");
    await expectAccessible(page, "/events#past");
  });

  test("Member Events: featured event, grid and filters", async ({ page }) => {
    await page.goto("/events");
    await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Subscribe to Calendar" })).toHaveAttribute(
      "href",
      /^webcal:\/\/.*\/api\/events\/calendar\.ics$/,
    );
    await expect(page.getByRole("tab", { name: "Member Events" })).toHaveAttribute("aria-selected", "true");
    const featured = page.getByTestId("featured-event");
    await expect(featured).toContainText("New Moon Intention Circle");
    await expect(featured.getByRole("link", { name: /Get Tickets/ })).toHaveAttribute("href", /\/events\/\d+$/);
    const grid = page.getByTestId("event-card");
    await expect(grid.filter({ hasText: "Rooftop Sisterhood Social" })).toBeVisible();
    await expect(page.getByRole("button", { name: "All Events" })).toHaveAttribute("aria-pressed", "true");
    await expectAccessible(page);

    await page.getByRole("button", { name: "Workshops" }).click();
    await expect(grid.filter({ hasText: "Creative Lab: Collage for Visioning" })).toBeVisible();
    await expect(grid.filter({ hasText: "Rooftop Sisterhood Social" })).toHaveCount(0);
    await expect(featured).toContainText("New Moon Intention Circle");

    await page.getByRole("button", { name: "Social" }).click();
    await expect(grid.filter({ hasText: "Rooftop Sisterhood Social" })).toBeVisible();
    await expect(grid.filter({ hasText: "Creative Lab" })).toHaveCount(0);

    // One word, one meaning: "Member Events" is the tab of the event host's events, nothing else; the
    // buttons for who may come say what the cards' badges say, and choose by it.
    await expect(page.getByText("Member Events", { exact: true })).toHaveCount(1);
    const upcoming = page.getByRole("tabpanel").getByTestId("event-card");
    await page.getByRole("button", { name: "Members Only" }).click();
    await expect(upcoming.filter({ hasText: "Creative Lab: Collage for Visioning" })).toBeVisible();
    await expect(upcoming.filter({ hasText: "Leadership Salon: Leading With Intuition" })).toBeVisible();
    await expect(upcoming.getByText("Open to All", { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Open to All" }).click();
    await expect(upcoming.filter({ hasText: "Rooftop Sisterhood Social" })).toBeVisible();
    await expect(upcoming.getByText("Members Only", { exact: true })).toHaveCount(0);

    await page.getByRole("link", { name: "Learn More: Rooftop Sisterhood Social", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Rooftop Sisterhood Social" })).toBeVisible();
  });

  test("at 320 px with WCAG 1.4.12 text spacing, event cards show all their text, and badges are as wide as their words", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto("/events");
    await expect(page.getByTestId("featured-event")).toBeVisible();
    // The spacing WCAG 1.4.12 says content must survive (the W3C's text-spacing bookmarklet).
    await page.addStyleTag({
      content:
        "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }",
    });
    const clipped = await page.locator("[data-testid=featured-event], [data-testid=event-card]").evaluateAll((cards) =>
      cards.flatMap((card) =>
        [...card.querySelectorAll<HTMLElement>("p, span, li, h3")]
          .filter((el) => {
            // Text for screen readers only is hidden on purpose.
            if (el.closest(".sr-only")) return false;
            const style = getComputedStyle(el);
            const hides =
              style.overflow !== "visible" || style.overflowY !== "visible" || style.webkitLineClamp !== "none";
            return hides && (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1);
          })
          .map((el) => el.textContent),
      ),
    );
    expect(clipped).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const card = page.getByTestId("event-card").first();
    const [badge, body] = await Promise.all([
      card.getByText(/^(Open to All|Members Only)$/).boundingBox(),
      card.boundingBox(),
    ]);
    expect(badge!.width).toBeLessThan(body!.width / 2);
  });

  test("an empty filter says so", async ({ page }) => {
    await page.route("**/api/luma/events?*", async (route) => {
      const type = new URL(route.request().url()).searchParams.get("type");
      const only = {
        id: 424242,
        source: "luma",
        title: "Only Event",
        description: "",
        image: null,
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        endsAt: null,
        timezone: "UTC",
        date: "Jan 1, 2031",
        time: "7:00 PM UTC",
        day: "2031-01-01",
        location: "Online",
        url: null,
        featured: true,
        accessType: "public",
        type: "public",
        status: "scheduled",
      };
      await route.fulfill({ json: type === "all" ? [only] : [] });
    });
    await page.goto("/events");
    await expect(page.getByTestId("featured-event")).toContainText("Only Event");
    await page.getByRole("button", { name: "Workshops" }).click();
    await expect(page.getByText("No events found for this filter")).toBeVisible();
    await expect(page.getByText("Please try a different filter or check back later")).toBeVisible();
    await expectAccessible(page, "empty filter");
  });

  test("a failure shows the Error Loading Events panel after the retries", async ({ page, consoleErrors }) => {
    let calls = 0;
    await page.route("**/api/luma/events?*", async (route) => {
      calls++;
      await route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: "Something went wrong. Please try again." }),
      });
    });
    await page.goto("/events");
    await expect(page.getByRole("status").filter({ hasText: "Loading events" }).first()).toBeAttached();
    const panel = page.getByRole("alert").filter({ hasText: "Error Loading Events" });
    await expect(panel).toBeVisible({ timeout: 15_000 });
    await expect(panel).toContainText("Failed to load events");
    expect(calls).toBe(3); // the first try and 2 retries
    await expectAccessible(page, "events error");
    // The browser logs each injected 500; nothing else may be logged.
    const unexpected = consoleErrors.filter((message) => !/status of 500/.test(message));
    consoleErrors.splice(0, consoleErrors.length, ...unexpected);
  });

  test("Calendar View: highlighted days, hover card, day selection and empty states", async ({ page, request }) => {
    const listed = (await (await request.get("/api/luma/events?limit=50")).json()) as Listed[];
    const event = listed.find((e) => e.title === "Rooftop Sisterhood Social")!;
    const next = listed[0]!;
    await page.goto("/events");
    await page.getByRole("button", { name: "Calendar View" }).click();
    // It opens on the next event day's events (today's when it has some), not on an empty panel.
    const selectedList = page.getByRole("region", { name: "Events on the selected date" });
    await expect(selectedList.getByRole("link", { name: next.title, exact: true })).toBeVisible();
    await expect(page.getByText("Please select a date")).toHaveCount(0);
    await expect(page.locator(`[data-day="${next.day}"]:not([data-outside])`)).toHaveAttribute("aria-selected", "true");
    // The keyboard moves and chooses as before: the next day, then Enter.
    const dayAfter = new Date(Date.parse(`${next.day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await page.locator(`[data-day="${next.day}"]:not([data-outside]) button`).focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect(page.locator(`[data-day="${dayAfter}"]:not([data-outside])`)).toHaveAttribute("aria-selected", "true");

    const day = await dayButton(page, event.day);
    await expect(day).toHaveAttribute("aria-label", /has events/);
    // Event days are marked to the eye by a dot (a shape, not colour alone); other days have none.
    await expect(day.locator("[data-event-marker]")).toBeVisible();
    const unmarked = page.locator('[role="gridcell"]:not([data-outside]) button:not([data-has-events])').first();
    await expect(unmarked.locator("[data-event-marker]")).toHaveCount(0);
    await day.hover();
    const card = page.getByTestId("calendar-hover-card");
    await expect(card).toContainText("Rooftop Sisterhood Social");
    await expect(card.getByRole("link", { name: /RSVP: Rooftop Sisterhood Social/ })).toHaveAttribute(
      "href",
      "https://lu.ma/rooftop-social",
    );
    await expectAccessible(page, "calendar hover card");

    await day.click();
    await expect(selectedList.getByRole("link", { name: "Rooftop Sisterhood Social", exact: true })).toBeVisible();
    await expect(selectedList.getByText("Public", { exact: true })).toBeVisible();

    const quiet = page.locator('[role="gridcell"]:not([data-outside]) button:not([data-has-events])').first();
    await quiet.click();
    await expect(page.getByText("No events scheduled for this date")).toBeVisible();
    await expect(page.getByText("Try selecting another date")).toBeVisible();
    await expect(page.getByRole("link", { name: /View All Events/ })).toHaveAttribute("href", /^https:\/\//);
    await expectAccessible(page, "calendar view");
  });

  test("Community Events: list and calendar of our own events", async ({ page }) => {
    await page.goto("/events");
    await page.getByRole("tab", { name: "Community Events" }).click();
    const panel = page.getByRole("tabpanel");
    await expect(panel.getByTestId("featured-event")).toContainText("Community Garden Morning");
    await expect(panel.getByTestId("event-card").filter({ hasText: "Maker Market" })).toBeVisible();
    await expectAccessible(page, "community list");

    await panel.getByRole("button", { name: "Calendar View" }).click();
    await expect(panel.locator("button[data-has-events] [data-event-marker]").first()).toBeVisible();
    await expectAccessible(page, "community calendar");
  });

  test("the calendar browses past months; a past event's page still opens, marked as past", async ({ page }) => {
    const startsAt = new Date(Date.now() - 62 * 86_400_000);
    startsAt.setUTCHours(17, 0, 0, 0);
    const past = await createEvent({
      title: `Two months ago ${Math.random().toString(36).slice(2, 8)}`,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * 3600_000),
    });
    const day = new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/New_York",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(startsAt);

    await page.goto("/events");
    await page.getByRole("tab", { name: "Community Events" }).click();
    const panel = page.getByRole("tabpanel");
    await panel.getByRole("button", { name: "Calendar View" }).click();
    await expect(panel.locator("[role=gridcell][aria-selected=true]")).toBeVisible();
    const button = await dayButton(page, day);
    await expect(button).toHaveAttribute("aria-label", /has events/);
    await button.click();
    const selected = page.getByRole("region", { name: "Events on the selected date" });
    await expect(selected.getByRole("link", { name: past.title, exact: true })).toBeVisible();
    await expectAccessible(page, "calendar, a past month");
    await selected.getByRole("link", { name: `Past event: ${past.title}` }).click();

    await expect(page).toHaveURL(`/events/${past.id}`);
    await expect(page.getByRole("heading", { level: 1, name: past.title })).toBeVisible();
    await expect(page.getByText("Past event", { exact: true })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "This event has ended." })).toBeVisible();
    await expect(page.getByRole("button", { name: "RSVP", exact: true })).toHaveCount(0);
    await expectAccessible(page, "past event page");
  });

  test("Request Event Info stores the request", async ({ page }) => {
    await page.goto("/events");
    await expect(page.getByRole("heading", { name: "Want to Book a Private Event?" })).toBeVisible();
    await page.getByRole("button", { name: "Request Event Info" }).click();
    const dialog = page.getByRole("dialog", { name: "Request Event Info" });
    await dialog.getByRole("button", { name: "Send Request" }).click();
    await expect(dialog.getByText("Please enter your name")).toBeVisible();
    await expectAccessible(page, "inquiry form with errors");

    const email = `browser_inquiry_${Date.now()}@example.com`;
    await dialog.getByLabel("Name").fill("Ines Host");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Kind of event").selectOption("Celebratory gathering");
    await dialog.getByLabel("Message").fill("A birthday circle for twenty friends in June.");
    await dialog.getByRole("button", { name: "Send Request" }).click();
    await expect(toast(page)).toContainText("Request sent");
    await expect(dialog).toBeHidden();
    const [row] = await testDb().select().from(eventInquiries).where(eq(eventInquiries.email, email));
    expect(row).toMatchObject({ name: "Ines Host", eventType: "Celebratory gathering" });
  });
});

test.describe("event page", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("a member RSVPs to a community event and cancels", async ({ page }) => {
    const event = await createEvent({ capacity: 5, latitude: 40.72, longitude: -73.96 });
    const member = await createTestUser();
    await page.goto(`/events/${event.id}`);
    await expect(page.getByRole("heading", { level: 1, name: event.title })).toBeVisible();
    await expect(page.getByText("Open to All")).toBeVisible();
    await expect(page.getByRole("link", { name: /Open in map/ })).toHaveAttribute(
      "href",
      /openstreetmap\.org\/\?mlat=40\.72&mlon=-73\.96/,
    );
    await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveAttribute(
      "href",
      `/api/events/${event.id}/ics`,
    );
    await expect(page.getByText(/^Your time: .* GMT\+9$/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in to RSVP" })).toBeVisible();
    await expectAccessible(page, "event page signed out");

    await signInAs(page, member.username, TEST_PASSWORD);
    // The same prerendered page she saw signed out; her part loads in the browser.
    const prerendered = await page.goto(`/events/${event.id}`);
    expect(prerendered!.headers()["x-nextjs-cache"]).toBe("HIT");
    await page.getByRole("button", { name: "RSVP", exact: true }).click();
    await expect(toast(page)).toContainText("You're going!");
    await expect(page.getByText("1 going · 4 of 5 spots left")).toBeVisible();
    await page.reload();
    await expect(page.getByText("You're going.")).toBeVisible();
    await expectAccessible(page, "event page going");

    await page.getByRole("button", { name: "Cancel RSVP" }).click();
    await expect(toast(page)).toContainText("RSVP cancelled");
    await expect(page.getByText("0 going · 5 of 5 spots left")).toBeVisible();
    await expect(page.getByRole("button", { name: "RSVP", exact: true })).toBeVisible();
  });

  test("a members-only online event's link to join shows once she RSVPs", async ({ page }) => {
    const link = `https://meet.example.com/circle-${Math.random().toString(36).slice(2, 8)}`;
    const event = await createEvent({
      accessType: "members",
      type: "members",
      onlineUrl: link,
      locationName: null,
      address: null,
    });
    await page.goto(`/events/${event.id}`);
    await expect(page.getByText("Members who sign in and RSVP see the link to join here.")).toBeVisible();
    expect(await page.content()).not.toContain(link);
    await expectAccessible(page, "members-only online event signed out");

    const member = await createTestUser({ membershipLevel: "create" });
    await signInAs(page, member.username, TEST_PASSWORD);
    await page.goto(`/events/${event.id}`);
    await expect(page.getByText("RSVP to see the link to join.")).toBeVisible();
    await page.getByRole("button", { name: "RSVP", exact: true }).click();
    await expect(page.getByRole("link", { name: /Join online/ })).toHaveAttribute("href", link);
    await expectAccessible(page, "members-only online event going");
    await page.getByRole("button", { name: "Cancel RSVP" }).click();
    await expect(page.getByText("RSVP to see the link to join.")).toBeVisible();
  });

  test("a members-only event asks for a membership; a Luma event RSVPs on Luma", async ({ page, request }) => {
    const event = await createEvent({ accessType: "members", type: "members" });
    const visitor = await createTestUser({ membershipLevel: null });
    await signInAs(page, visitor.username, TEST_PASSWORD);
    await page.goto(`/events/${event.id}`);
    await expect(page.getByText("Members Only")).toBeVisible();
    await expect(page.getByText("This event is for members. A membership is needed to RSVP.")).toBeVisible();

    const luma = ((await (await request.get("/api/luma/events?limit=50")).json()) as Listed[]).find(
      (e) => e.title === "New Moon Intention Circle",
    )!;
    await page.goto(`/events/${luma.id}`);
    await expect(page.getByRole("link", { name: /RSVP on Luma/ })).toHaveAttribute(
      "href",
      "https://lu.ma/new-moon-circle",
    );
    await expect(page.getByRole("button", { name: "Share" })).toBeVisible();
    await expectAccessible(page, "luma event page");
  });

  test("a members-only online event's join link loads for a member who RSVPs, never into the page", async ({
    page,
  }) => {
    const joinUrl = "https://meet.example.com/members-room-e2e";
    const event = await createEvent({ accessType: "members", type: "members", onlineUrl: joinUrl });
    const html = await (await page.request.get(`/events/${event.id}`)).text();
    expect(html).not.toContain(joinUrl);
    await page.goto(`/events/${event.id}`);
    await expect(page.getByText("Online. Members who sign in and RSVP see the link to join here.")).toBeVisible();

    const member = await createTestUser({ membershipLevel: "create" });
    await signInAs(page, member.username, TEST_PASSWORD);
    await page.goto(`/events/${event.id}`);
    await expect(page.getByText("Online. RSVP to see the link to join.")).toBeVisible();
    await page.getByRole("button", { name: "RSVP", exact: true }).click();
    await expect(page.getByRole("link", { name: /Join online/ })).toHaveAttribute("href", joinUrl);
    await expectAccessible(page, "members-only event page, member");
  });

  test("Share copies the event's link when the browser has no share sheet", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const event = await createEvent();
    await page.goto(`/events/${event.id}`);
    await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined, configurable: true }));
    await page.getByRole("button", { name: "Share" }).click();
    await expect(toast(page)).toContainText("Link copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  test("a broken image falls back to a local one; an unknown id is not found", async ({ page }) => {
    const event = await createEvent({ imageUrl: "/images/this-image-does-not-exist.svg" });
    await page.goto(`/events/${event.id}`);
    await expect(page.locator("article img").first()).toHaveAttribute(
      "src",
      /^\/images\/(gathering|circle|stage|sunrise)\.svg$/,
    );
    await page.goto("/events/99999999");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  });
});

test.describe("admin events", () => {
  test("an admin creates, features and deletes a community event", async ({ page }) => {
    const admin = await createTestUser({ isAdmin: true });
    await signInAs(page, admin.username, TEST_PASSWORD);
    await page.goto("/admin/events");
    await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
    await expectAccessible(page);

    const title = `Admin browser event ${Date.now()}`;
    await page.getByRole("button", { name: "New Event" }).click();
    const dialog = page.getByRole("dialog", { name: "New Event" });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Starts").fill("2031-05-02T18:30");
    await dialog.getByLabel("Time zone").fill("Europe/Berlin");
    await dialog.getByLabel("Capacity (optional)").fill("20");
    await expectAccessible(page, "new event form");
    await dialog.getByRole("button", { name: "Save Event" }).click();
    await expect(toast(page)).toContainText("Event created");
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toContainText("May 2, 2031 6:30 PM GMT+2");
    // The RSVP link's name starts with what it shows (WCAG 2.5.3).
    const rsvps = row.getByRole("link", { name: `0 / 20 RSVPs for ${title}` });
    await expect(rsvps).toBeVisible();
    const visible = await rsvps.evaluate((link) => {
      const copy = link.cloneNode(true) as HTMLElement;
      copy.querySelectorAll(".sr-only").forEach((hidden) => hidden.remove());
      return copy.textContent!.trim();
    });
    expect(visible).toBe("0 / 20");

    await row.getByRole("button", { name: `Feature: ${title}` }).click();
    await expect(row.getByText("Featured", { exact: true })).toBeVisible();
    await row.getByRole("button", { name: `Delete: ${title}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete Event" }).click();
    await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
  });
});
