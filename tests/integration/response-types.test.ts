import { writeFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import * as OTPAuth from "otpauth";
import sharp from "sharp";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import {
  contentCategories,
  contentComments,
  contentItems,
  contentItemTags,
  contentTags,
  events,
  forumCategories,
  forumTopics,
  forumTopicSubscriptions,
  newsletterSubscribers,
  notifications,
  notificationSettings,
  partners,
  paymentTransactions,
  sessions,
  users,
} from "@/db/schema";
import {
  API_RESPONSES,
  errorAnswerSchema,
  type Audience,
  type DeclaredAnswer,
  type AnswerShape,
} from "@/features/api/responses";
import { adminBillingSchema } from "@/features/billing/types";
import { FAKE_STRIPE_PUBLISHABLE_KEY } from "../fakes/stripe";
import { applicationBody, apply, paymentTokenOf } from "../support/applicants";
import { arrangeCardMember, stripeCall } from "../support/billing";
import { closeTestDb, createTestUser, latestEmailTo, linkIn, TEST_PASSWORD, testDb } from "../support/db";
import { testEnv } from "../support/env";
import { call, randomIp, signIn, type CallResult } from "../support/http";
import { subscribeDevice } from "../support/push";
import { declaredRoutes } from "../support/routes";
import { openEventStream } from "../support/sse";

// Every call that answers a member or a visitor answers with a type of its own for
// that audience (src/features/api/responses.ts), never a table row. This walks every such call as
// the member it concerns, as another member and as a visitor, and fails when an answer holds a field
// its declared type does not (the schemas are strict), or when a call has no declared answer.

afterAll(closeTestDb);

type Who = "owner" | "member" | "visitor";
interface CallSpec {
  as: Who;
  path: string;
  method?: string;
  body?: unknown;
  rawBody?: Buffer;
  headers?: Record<string, string>;
  /** A session of her own for this call (a sign-out, a deletion), instead of the fixture's. */
  cookie?: string;
  /** For a stream: what happens while it is open (a notification arrives). */
  during?: () => Promise<void>;
}

const tag = () => randomUUID().slice(0, 8);
const yearAgo = new Date(Date.now() - 365 * 86_400_000);

async function member(overrides: Parameters<typeof createTestUser>[0] = {}) {
  const user = await createTestUser({
    createdAt: yearAgo,
    memberSince: yearAgo.toISOString().slice(0, 10),
    ...overrides,
  });
  return { user, cookie: await signIn(user.username, TEST_PASSWORD) };
}
type Member = Awaited<ReturnType<typeof member>>;

async function upload(purpose: string, cookie: string): Promise<{ id: string; url: string }> {
  const png = await sharp({ create: { width: 60, height: 60, channels: 3, background: "#963" } })
    .png()
    .toBuffer();
  const response = await fetch(`${testEnv().baseUrl}/api/uploads/${purpose}?name=me.png`, {
    method: "POST",
    headers: { origin: testEnv().baseUrl, cookie },
    body: new Uint8Array(png),
  });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status}`);
  return (await response.json()) as { id: string; url: string };
}

async function placeId(cookie: string): Promise<string> {
  return (await call("/api/places?q=New%20York", { cookie })).json.places[0].id as string;
}

/** The birth data the report calls need, saved as the form saves it. */
async function saveBirthData(who: Member) {
  const saved = await call(`/api/users/${who.user.id}`, {
    method: "PATCH",
    cookie: who.cookie,
    body: {
      birthDate: "1990-04-12",
      birthTime: "08:30",
      birthLocation: "New York",
      placeId: await placeId(who.cookie),
    },
  });
  if (saved.status !== 200) throw new Error(`birth data: ${saved.status} ${saved.text}`);
}

interface Fixture {
  admin: string;
  owner: Member;
  other: Member;
  categoryId: number;
  categorySlug: string;
  topic: { id: number; slug: string };
  replyId: number;
  item: { id: number; slug: string };
  libraryCategory: string;
  libraryTag: string;
  eventId: number;
  conversationId: number;
  messageId: number;
  fileUrl: string;
  partnerCode: string;
}

let fx: Fixture;

beforeAll(async () => {
  const adminUser = await createTestUser({ isAdmin: true });
  const admin = await signIn(adminUser.username, TEST_PASSWORD);
  const owner = await member({
    membershipLevel: "play",
    isMentor: true,
    mentorTopics: ["Pricing", "Kilns"],
    isPartner: true,
    bio: "Her bio",
    bioVisibility: "nobody",
  });
  const other = await member({ membershipLevel: "create" });
  const partnerCode = `P${tag().toUpperCase()}`;
  await testDb().insert(partners).values({ userId: owner.user.id, partnerCode });

  const t = tag();
  const [category] = await testDb()
    .insert(forumCategories)
    .values({ name: `Types ${t}`, slug: `types-${t}`, description: "Answers and their types" })
    .returning();
  const [topic] = await testDb()
    .insert(forumTopics)
    .values({
      title: `Typed answers ${t}`,
      slug: `typed-answers-${t}`,
      content: "What does a member see of another?",
      categoryId: category!.id,
      userId: owner.user.id,
    })
    .returning();
  const reply = await call("/api/forum/posts", {
    cookie: other.cookie,
    body: { topicId: topic!.id, content: "Only what she chose to show." },
  });
  const [libraryCategory] = await testDb()
    .insert(contentCategories)
    .values({ name: `Guides ${t}`, slug: `guides-${t}` })
    .returning();
  const [libraryTag] = await testDb()
    .insert(contentTags)
    .values({ name: `typed-${t}`, slug: `typed-${t}` })
    .returning();
  const [item] = await testDb()
    .insert(contentItems)
    .values({
      title: `Typed item ${t}`,
      slug: `typed-item-${t}`,
      summary: "A summary.",
      contentType: "article",
      content: "<p>Words</p>",
      status: "published",
      publishedAt: new Date(),
      categoryId: libraryCategory!.id,
      authorId: adminUser.id,
    })
    .returning();
  await testDb().insert(contentItemTags).values({ contentId: item!.id, tagId: libraryTag!.id });
  await testDb().insert(contentComments).values({ contentId: item!.id, userId: owner.user.id, comment: "Useful." });
  const startsAt = new Date(Date.now() + 5 * 86_400_000);
  const [event] = await testDb()
    .insert(events)
    .values({
      source: "internal",
      title: `Typed event ${t}`,
      description: "A gathering.",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      timezone: "Europe/London",
      locationName: "The Hall",
      accessType: "public",
      type: "social",
      onlineUrl: "https://meet.example.com/typed",
    })
    .returning();
  const sent = await call("/api/messages", {
    cookie: other.cookie,
    body: { toUserId: owner.user.id, body: "Hello from another member." },
  });
  await testDb().insert(notifications).values({
    userId: owner.user.id,
    kind: "announcement",
    title: "Typed announcement",
    url: "/events",
    actorId: other.user.id,
  });
  const file = await upload("avatar", owner.cookie);
  await saveBirthData(owner);
  fx = {
    admin,
    owner,
    other,
    categoryId: category!.id,
    categorySlug: category!.slug,
    topic: { id: topic!.id, slug: topic!.slug },
    replyId: reply.json.id,
    item: { id: item!.id, slug: item!.slug },
    libraryCategory: libraryCategory!.slug,
    libraryTag: libraryTag!.slug,
    eventId: event!.id,
    conversationId: sent.json.conversationId,
    messageId: sent.json.message.id,
    fileUrl: file.url,
    partnerCode,
  };
}, 120_000);

const get = (as: Who, path: string): CallSpec => ({ as, path });
const DEMO_COURSE = "finding-your-creative-rhythm";
const DEMO_LESSON = "why-rhythm-beats-routine";
const DEMO_QUIZ_LESSON = "the-fifteen-minute-start";
/** The demo quiz's lesson opens for the member once she completes the two lessons before it. */
const openDemoQuiz = async () => {
  for (const lesson of [DEMO_LESSON, "your-energy-map"])
    await call(`/api/courses/${DEMO_COURSE}/lessons/${lesson}/complete`, { cookie: fx.other.cookie, method: "POST" });
};
const send = (as: Who, method: string, path: string, body?: unknown): CallSpec => ({ as, path, method, body });
/** The same call by the member it concerns, another member and a visitor. */
const everyone = (path: string, method = "GET", body?: unknown): CallSpec[] =>
  (["owner", "member", "visitor"] as const).map((as) => ({ as, path, method, body }));

/** A reply of her own in the fixture's topic, for a call that changes or removes it. */
const ownReply = async (who: Member) =>
  (
    await call("/api/forum/posts", {
      cookie: who.cookie,
      body: { topicId: fx.topic.id, content: `A reply to change ${tag()}` },
    })
  ).json.id as number;
const freshCookie = async (who: Member) => signIn(who.user.username, TEST_PASSWORD);

async function emailedToken(address: string, path: string): Promise<string> {
  return new URL(linkIn((await latestEmailTo(address))!.text, path)).pathname.split("/").pop()!;
}

async function invitationToken(): Promise<string> {
  const { id, email } = await apply({ isTrial: true });
  await call(`/api/applications/${id}/status`, { method: "PATCH", body: { status: "approved" }, cookie: fx.admin });
  return emailedToken(email, "/join/");
}

async function totpFor(secret: string, offset = 0) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offset * 30_000,
  });
}

/** A payment with staff fields set (a note, who recorded it, demo) and its refund, for her payment lists. */
async function paymentsFor(userId: number) {
  const [admin] = await testDb().select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
  const [payment] = await testDb()
    .insert(paymentTransactions)
    .values({
      userId,
      amount: 5000,
      status: "completed",
      paymentMethod: "manual",
      membershipTier: "create",
      notes: "Paid in cash at the salon",
      createdBy: admin!.id,
      completedAt: new Date(),
    })
    .returning();
  await testDb().insert(paymentTransactions).values({
    userId,
    kind: "refund",
    refundOfId: payment!.id,
    amount: 1000,
    status: "completed",
    paymentMethod: "manual",
    membershipTier: "create",
    notes: "Refunded at her request",
    createdBy: admin!.id,
    completedAt: new Date(),
  });
}

/** A card member whose term is served (she may cancel), signed in. */
async function cardMember() {
  const { user } = await arrangeCardMember("create", { termServed: true });
  return { user, cookie: await signIn(user.username, TEST_PASSWORD) };
}

/**
 * How each call is made, by "METHOD /api/pattern": the calls by the member it concerns ("owner"),
 * by another member and by a visitor. Every member-facing and visitor-facing route needs one.
 */
const SCENARIOS: Record<string, () => Promise<CallSpec[]>> = {
  // Applications, invitations, payment (visitors)
  "POST /api/applications/submit": async () => [
    {
      as: "visitor",
      path: "/api/applications/submit",
      method: "POST",
      body: applicationBody(),
      headers: { "x-forwarded-for": randomIp() },
    },
    {
      as: "member",
      path: "/api/applications/submit",
      method: "POST",
      body: applicationBody(),
      headers: { "x-forwarded-for": randomIp() },
    },
  ],
  "POST /api/invitations/accept": async () =>
    Promise.all(
      (["visitor", "member"] as const).map(async (as) =>
        send(as, "POST", "/api/invitations/accept", {
          token: await invitationToken(),
          username: `typed_${tag()}`,
          password: "a-long-password-1",
          confirmPassword: "a-long-password-1",
        }),
      ),
    ),
  "POST /api/create-payment-intent": async () =>
    Promise.all(
      (["visitor", "member"] as const).map(async (as) => {
        const { email } = await apply();
        return {
          as,
          path: "/api/create-payment-intent",
          method: "POST",
          body: { token: await paymentTokenOf(email) },
          headers: { "x-forwarded-for": randomIp() },
        };
      }),
    ),

  // Signing in and her account
  "POST /api/auth/login": async () => {
    const [one, two] = [await createTestUser(), await createTestUser()];
    return [
      send("visitor", "POST", "/api/auth/login", { username: one.username, password: TEST_PASSWORD }),
      send("visitor", "POST", "/api/auth/login", { username: one.username, password: "wrong-password" }),
      // A member who signs in as someone else on a shared computer.
      send("member", "POST", "/api/auth/login", { username: two.username, password: TEST_PASSWORD }),
    ];
  },
  "POST /api/auth/logout": async () => [
    { as: "owner", path: "/api/auth/logout", method: "POST", cookie: await freshCookie(fx.owner) },
    send("visitor", "POST", "/api/auth/logout"),
  ],
  // Each from an address of its own: the suite's other files spend 127.0.0.1's ten requests an hour.
  "POST /api/auth/forgot-password": async () =>
    [
      send("visitor", "POST", "/api/auth/forgot-password", { email: fx.other.user.email }),
      send("member", "POST", "/api/auth/forgot-password", { email: `nobody-${tag()}@example.com` }),
    ].map((spec) => ({ ...spec, headers: { "x-forwarded-for": randomIp() } })),
  "POST /api/auth/reset-password": async () =>
    Promise.all(
      (["visitor", "member"] as const).map(async (as) => {
        const who = await createTestUser();
        await call("/api/auth/forgot-password", {
          body: { email: who.email },
          headers: { "x-forwarded-for": randomIp() },
        });
        return send(as, "POST", "/api/auth/reset-password", {
          token: await emailedToken(who.email, "/reset-password/"),
          password: "a-new-long-password",
          confirmPassword: "a-new-long-password",
        });
      }),
    ),
  "GET /api/auth/me": async () => everyone("/api/auth/me"),
  "GET /api/auth/sessions": async () => everyone("/api/auth/sessions"),
  "DELETE /api/auth/sessions/[id]": async () => {
    await freshCookie(fx.owner);
    const [session] = await testDb()
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, fx.owner.user.id))
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    return [
      send("member", "DELETE", `/api/auth/sessions/${session!.id}`),
      send("owner", "DELETE", `/api/auth/sessions/${session!.id}`),
      send("visitor", "DELETE", `/api/auth/sessions/${session!.id}`),
    ];
  },
  "POST /api/auth/two-factor/setup": async () => everyone("/api/auth/two-factor/setup", "POST"),
  "POST /api/auth/two-factor/confirm": async () => {
    const who = await member();
    const setup = await call("/api/auth/two-factor/setup", { method: "POST", cookie: who.cookie });
    return [
      {
        as: "owner",
        path: "/api/auth/two-factor/confirm",
        method: "POST",
        body: { code: await totpFor(setup.json.secret) },
        cookie: who.cookie,
      },
      send("visitor", "POST", "/api/auth/two-factor/confirm", { code: "123456" }),
    ];
  },
  "POST /api/auth/two-factor/disable": async () => {
    const who = await member();
    const setup = await call("/api/auth/two-factor/setup", { method: "POST", cookie: who.cookie });
    await call("/api/auth/two-factor/confirm", {
      body: { code: await totpFor(setup.json.secret) },
      cookie: who.cookie,
    });
    return [
      {
        as: "owner",
        path: "/api/auth/two-factor/disable",
        method: "POST",
        body: { password: TEST_PASSWORD, code: await totpFor(setup.json.secret, 1) },
        cookie: who.cookie,
      },
      send("visitor", "POST", "/api/auth/two-factor/disable", { password: "x", code: "123456" }),
    ];
  },
  "POST /api/auth/password": async () => {
    const who = await member();
    const body = {
      currentPassword: TEST_PASSWORD,
      password: "a-new-long-password",
      confirmPassword: "a-new-long-password",
    };
    return [
      { as: "owner", path: "/api/auth/password", method: "POST", body, cookie: who.cookie },
      send("visitor", "POST", "/api/auth/password", body),
    ];
  },
  "POST /api/auth/email-change": async () => {
    const who = await member();
    const body = { newEmail: `changed-${tag()}@example.com`, currentPassword: TEST_PASSWORD };
    return [
      { as: "owner", path: "/api/auth/email-change", method: "POST", body, cookie: who.cookie },
      send("visitor", "POST", "/api/auth/email-change", body),
    ];
  },
  // The link works wherever it is opened, signed in or not.
  "POST /api/auth/email-change/confirm": async () =>
    Promise.all(
      (["visitor", "member"] as const).map(async (as) => {
        const who = await member();
        const newEmail = `confirmed-${tag()}@example.com`;
        await call("/api/auth/email-change", {
          method: "POST",
          body: { newEmail, currentPassword: TEST_PASSWORD },
          cookie: who.cookie,
        });
        return send(as, "POST", "/api/auth/email-change/confirm", {
          token: await emailedToken(newEmail, "/confirm-email/"),
        });
      }),
    ),

  // The assistant
  "POST /api/chatbot/message": async () =>
    everyone("/api/chatbot/message", "POST", { message: "How much does membership cost?" }),
  "POST /api/chatbot/message/stream": async () =>
    everyone("/api/chatbot/message/stream", "POST", { message: "What events are coming up?" }),
  "GET /api/chatbot/history": async () => everyone("/api/chatbot/history"),
  "DELETE /api/chatbot/history": async () => everyone("/api/chatbot/history", "DELETE"),

  // Forms of the public site
  "POST /api/contact": async () =>
    (["visitor", "member"] as const).map((as) => ({
      as,
      path: "/api/contact",
      method: "POST",
      body: {
        name: "Ada Visitor",
        email: `typed_${tag()}@example.com`,
        subject: "Typed",
        message: "A question about your answers.",
        source: "contact",
      },
      headers: { "x-forwarded-for": randomIp() },
    })),
  "POST /api/newsletter/subscribe": async () =>
    (["visitor", "member"] as const).map((as) => ({
      as,
      path: "/api/newsletter/subscribe",
      method: "POST",
      body: { email: `typed_${tag()}@example.com` },
      headers: { "x-forwarded-for": randomIp() },
    })),
  "POST /api/newsletter/confirm": async () =>
    Promise.all(
      (["visitor", "member"] as const).map(async (as) => {
        const email = `typed_${tag()}@example.com`;
        await call("/api/newsletter/subscribe", { body: { email }, headers: { "x-forwarded-for": randomIp() } });
        return send(as, "POST", "/api/newsletter/confirm", {
          token: await emailedToken(email, "/newsletter/confirm/"),
        });
      }),
    ),
  "POST /api/newsletter/unsubscribe": async () => {
    const subscribers = await testDb()
      .select({ token: newsletterSubscribers.unsubscribeToken })
      .from(newsletterSubscribers)
      .limit(2);
    return [
      send("visitor", "POST", `/api/newsletter/unsubscribe?token=${subscribers[0]!.token}`),
      send("member", "POST", `/api/newsletter/unsubscribe?token=${subscribers[1]!.token}`),
    ];
  },
  "POST /api/events/inquiries": async () =>
    (["visitor", "member"] as const).map((as) => ({
      as,
      path: "/api/events/inquiries",
      method: "POST",
      body: {
        name: "Ada Visitor",
        email: "ada@example.com",
        eventType: "Team building workshop",
        message: "A retreat for twelve in May.",
      },
      headers: { "x-forwarded-for": randomIp() },
    })),

  // Events
  "GET /api/events": async () => everyone("/api/events?type=all&limit=5"),
  "GET /api/luma/events": async () => everyone("/api/luma/events?limit=5"),
  "GET /api/events/[id]/ics": async () => everyone(`/api/events/${fx.eventId}/ics`),
  "GET /api/events/calendar.ics": async () => everyone("/api/events/calendar.ics"),
  "GET /api/events/[id]/join-link": async () => everyone(`/api/events/${fx.eventId}/join-link`),
  "GET /api/events/[id]/rsvp": async () => everyone(`/api/events/${fx.eventId}/rsvp`),
  "POST /api/events/[id]/rsvp": async () => everyone(`/api/events/${fx.eventId}/rsvp`, "POST"),
  "DELETE /api/events/[id]/rsvp": async () => everyone(`/api/events/${fx.eventId}/rsvp`, "DELETE"),

  // Files
  "GET /api/files/[id]": async () => everyone(fx.fileUrl),
  "POST /api/uploads/[purpose]": async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#369" } })
      .png()
      .toBuffer();
    return (["owner", "visitor"] as const).map((as) => ({
      as,
      path: "/api/uploads/avatar?name=face.png",
      method: "POST",
      rawBody: png,
      headers: { "content-type": "application/octet-stream" },
    }));
  },

  // The library
  // The demo course for the Create tier and above (src/db/seed/demo-courses.ts), its first lesson open at once.
  "GET /api/courses": async () => everyone("/api/courses"),
  "GET /api/courses/[slug]": async () => everyone(`/api/courses/${DEMO_COURSE}`),
  "POST /api/courses/[slug]/start": async () => everyone(`/api/courses/${DEMO_COURSE}/start`, "POST"),
  "GET /api/courses/[slug]/lessons/[lesson]": async () =>
    everyone(`/api/courses/${DEMO_COURSE}/lessons/${DEMO_LESSON}`),
  "POST /api/courses/[slug]/lessons/[lesson]/complete": async () =>
    everyone(`/api/courses/${DEMO_COURSE}/lessons/${DEMO_LESSON}/complete`, "POST"),
  // The demo course's video lesson (src/db/seed/demo-courses.ts): her place in it.
  "PUT /api/courses/[slug]/lessons/[lesson]/position": async () =>
    everyone(`/api/courses/${DEMO_COURSE}/lessons/a-creative-warm-up/position`, "PUT", { positionSeconds: 2 }),
  // The demo course's quiz, on its third lesson: open once she completes the two before it.
  "GET /api/courses/[slug]/lessons/[lesson]/quiz": async () => {
    await openDemoQuiz();
    return everyone(`/api/courses/${DEMO_COURSE}/lessons/${DEMO_QUIZ_LESSON}/quiz`);
  },
  "POST /api/courses/[slug]/lessons/[lesson]/quiz/attempts": async () => {
    await openDemoQuiz();
    return everyone(`/api/courses/${DEMO_COURSE}/lessons/${DEMO_QUIZ_LESSON}/quiz/attempts`, "POST", { answers: [] });
  },
  // Its demo discussion (src/db/seed/demo-course-community.ts).
  "GET /api/courses/[slug]/lessons/[lesson]/comments": async () =>
    everyone(`/api/courses/${DEMO_COURSE}/lessons/${DEMO_LESSON}/comments`),
  "POST /api/courses/[slug]/lessons/[lesson]/comments": async () =>
    everyone(`/api/courses/${DEMO_COURSE}/lessons/${DEMO_LESSON}/comments`, "POST", { comment: "A kind word." }),
  "GET /api/content/items": async () => everyone("/api/content/items?limit=5"),
  "GET /api/content/items/[item]": async () => everyone(`/api/content/items/${fx.item.slug}`),
  "GET /api/content/items/[item]/related": async () => everyone(`/api/content/items/${fx.item.id}/related`),
  "GET /api/content/items/[item]/tags": async () => everyone(`/api/content/items/${fx.item.id}/tags`),
  "POST /api/content/items/[item]/view": async () => everyone(`/api/content/items/${fx.item.id}/view`, "POST"),
  "GET /api/content/categories": async () => everyone("/api/content/categories"),
  "GET /api/content/categories/[slug]": async () => everyone(`/api/content/categories/${fx.libraryCategory}`),
  "GET /api/content/categories/[slug]/tags": async () => everyone(`/api/content/categories/${fx.libraryCategory}/tags`),
  "GET /api/content/tags": async () => everyone("/api/content/tags"),
  "GET /api/content/tags/[slug]": async () => everyone(`/api/content/tags/${fx.libraryTag}`),
  "GET /api/content/comments": async () => everyone(`/api/content/comments?contentId=${fx.item.id}`),
  "POST /api/content/comments": async () =>
    everyone("/api/content/comments", "POST", { contentId: fx.item.id, comment: "A comment of hers." }),
  "DELETE /api/content/comments/[id]": async () => {
    const comment = await call("/api/content/comments", {
      cookie: fx.owner.cookie,
      body: { contentId: fx.item.id, comment: "To be deleted." },
    });
    return [
      send("member", "DELETE", `/api/content/comments/${comment.json.id}`),
      send("owner", "DELETE", `/api/content/comments/${comment.json.id}`),
      send("visitor", "DELETE", `/api/content/comments/${comment.json.id}`),
    ];
  },
  "GET /api/content/bookmarks": async () => {
    await call("/api/content/bookmarks", { cookie: fx.owner.cookie, body: { contentId: fx.item.id } });
    return everyone("/api/content/bookmarks");
  },
  "POST /api/content/bookmarks": async () => everyone("/api/content/bookmarks", "POST", { contentId: fx.item.id }),
  "GET /api/content/bookmarks/[contentId]/status": async () => everyone(`/api/content/bookmarks/${fx.item.id}/status`),
  "DELETE /api/content/bookmarks/[contentId]": async () => everyone(`/api/content/bookmarks/${fx.item.id}`, "DELETE"),

  // The forum
  "GET /api/forum/categories": async () => everyone("/api/forum/categories"),
  "GET /api/forum/topics": async () => everyone(`/api/forum/topics?categoryId=${fx.categoryId}`),
  "POST /api/forum/topics": async () =>
    (["owner", "member", "visitor"] as const).map((as) =>
      send(as, "POST", "/api/forum/topics", {
        title: `A typed topic ${tag()}`,
        content: "The opening post of a typed topic.",
        categoryId: fx.categoryId,
      }),
    ),
  "GET /api/forum/categories/[slug]": async () => everyone(`/api/forum/categories/${fx.categorySlug}`),
  "GET /api/forum/topics/slug/[slug]": async () => everyone(`/api/forum/topics/slug/${fx.topic.slug}`),
  "GET /api/forum/topics/[id]/posts": async () => everyone(`/api/forum/topics/${fx.topic.id}/posts`),
  "POST /api/forum/topics/[id]/view": async () => everyone(`/api/forum/topics/${fx.topic.id}/view`, "POST"),
  "POST /api/forum/posts": async () =>
    everyone("/api/forum/posts", "POST", { topicId: fx.topic.id, content: "A reply in a typed topic." }),
  "PATCH /api/forum/posts/[id]": async () => {
    const id = await ownReply(fx.owner);
    return [
      send("member", "PATCH", `/api/forum/posts/${id}`, { content: "Edited by someone else?" }),
      send("owner", "PATCH", `/api/forum/posts/${id}`, { content: "Edited by her." }),
      send("visitor", "PATCH", `/api/forum/posts/${id}`, { content: "Edited?" }),
    ];
  },
  "DELETE /api/forum/posts/[id]": async () => {
    const id = await ownReply(fx.owner);
    return [
      send("member", "DELETE", `/api/forum/posts/${id}`),
      send("owner", "DELETE", `/api/forum/posts/${id}`),
      send("visitor", "DELETE", `/api/forum/posts/${id}`),
    ];
  },
  "POST /api/forum/posts/[id]/report": async () =>
    everyone(`/api/forum/posts/${fx.replyId}/report`, "POST", { reason: "Testing the answer's type." }),
  "POST /api/forum/reactions": async () =>
    everyone("/api/forum/reactions", "POST", { postId: fx.replyId, reactionType: "heart" }),
  "GET /api/forum/search": async () => everyone("/api/forum/search?q=typed"),
  "GET /api/forum/preferences": async () => everyone("/api/forum/preferences"),
  "PUT /api/forum/preferences": async () => everyone("/api/forum/preferences", "PUT", { emailOnReplies: true }),
  "GET /api/forum/blocks": async () => {
    const blocked = await member();
    await call("/api/forum/blocks", { cookie: fx.owner.cookie, body: { userId: blocked.user.id } });
    return everyone("/api/forum/blocks");
  },
  "POST /api/forum/blocks": async () => {
    const blocked = await member();
    return everyone("/api/forum/blocks", "POST", { userId: blocked.user.id });
  },
  "DELETE /api/forum/blocks/[userId]": async () => {
    const blocked = await member();
    await call("/api/forum/blocks", { cookie: fx.owner.cookie, body: { userId: blocked.user.id } });
    return everyone(`/api/forum/blocks/${blocked.user.id}`, "DELETE");
  },
  "POST /api/forum/unsubscribe": async () =>
    Promise.all(
      (["visitor", "member"] as const).map(async (as) => {
        const token = `typed-unsubscribe-${tag()}-${tag()}`;
        const reader = await createTestUser();
        await testDb()
          .insert(forumTopicSubscriptions)
          .values({ topicId: fx.topic.id, userId: reader.id, unsubscribeToken: token });
        return send(as, "POST", `/api/forum/unsubscribe?token=${token}`);
      }),
    ),

  // Profiles, the directory, mentorship
  "GET /api/users/[id]": async () => everyone(`/api/users/${fx.owner.user.id}`),
  "GET /api/users/[id]/profile-screen": async () => everyone(`/api/users/${fx.owner.user.id}/profile-screen`),
  "PATCH /api/users/[id]": async () => [
    send("member", "PATCH", `/api/users/${fx.owner.user.id}`, { occupation: "Not hers to change" }),
    send("owner", "PATCH", `/api/users/${fx.owner.user.id}`, { occupation: "Potter", interests: "Raku, Glazes" }),
    send("owner", "PATCH", `/api/users/${fx.owner.user.id}`, {
      birthDate: "1990-04-12",
      birthTime: "08:30",
      birthLocation: "New York",
      placeId: await placeId(fx.owner.cookie),
    }),
    send("visitor", "PATCH", `/api/users/${fx.owner.user.id}`, { occupation: "Anyone?" }),
  ],
  "GET /api/members": async () => everyone("/api/members?q=a"),
  "GET /api/home": async () => everyone("/api/home"),
  "GET /api/leaderboard": async () => everyone("/api/leaderboard?window=all"),
  "POST /api/onboarding/hide": async () => everyone("/api/onboarding/hide", "POST"),
  "GET /api/search": async () => everyone("/api/search?q=a"),
  "GET /api/places": async () => everyone("/api/places?q=Lisbon"),
  "POST /api/users/[id]/mentorship-requests": async () => {
    const asker = await member();
    return [
      {
        as: "member",
        path: `/api/users/${fx.owner.user.id}/mentorship-requests`,
        method: "POST",
        body: { message: "Would you mentor me on pricing?", topic: "Pricing" },
        cookie: asker.cookie,
      },
      send("visitor", "POST", `/api/users/${fx.owner.user.id}/mentorship-requests`, { message: "Me too?" }),
    ];
  },
  "GET /api/users/[id]/mentorship-requests": async () => {
    const asker = await member();
    await call(`/api/users/${fx.owner.user.id}/mentorship-requests`, {
      cookie: asker.cookie,
      body: { message: "Would you mentor me on kilns?", topic: "Kilns" },
    });
    return everyone(`/api/users/${fx.owner.user.id}/mentorship-requests`);
  },
  "PATCH /api/mentorship-requests/[id]": async () => {
    const asker = await member();
    const asked = await call(`/api/users/${fx.owner.user.id}/mentorship-requests`, {
      cookie: asker.cookie,
      body: { message: "Would you mentor me?" },
    });
    return [
      send("member", "PATCH", `/api/mentorship-requests/${asked.json.id}`, { status: "accepted" }),
      send("owner", "PATCH", `/api/mentorship-requests/${asked.json.id}`, { status: "accepted" }),
      send("visitor", "PATCH", `/api/mentorship-requests/${asked.json.id}`, { status: "declined" }),
    ];
  },

  // Direct messages
  "GET /api/messages": async () => everyone("/api/messages"),
  "POST /api/messages": async () => [
    send("member", "POST", "/api/messages", { toUserId: fx.owner.user.id, body: "Another hello." }),
    send("visitor", "POST", "/api/messages", { toUserId: fx.owner.user.id, body: "Hi?" }),
  ],
  "GET /api/messages/[conversationId]": async () => [
    get("owner", `/api/messages/${fx.conversationId}`),
    get("member", `/api/messages/${fx.conversationId}`),
    get("visitor", `/api/messages/${fx.conversationId}`),
  ],
  "POST /api/messages/[conversationId]/read": async () => everyone(`/api/messages/${fx.conversationId}/read`, "POST"),
  "POST /api/messages/[conversationId]/close": async () => everyone(`/api/messages/${fx.conversationId}/close`, "POST"),
  "GET /api/messages/recipients": async () => everyone("/api/messages/recipients?q=te"),
  "POST /api/messages/reports": async () =>
    everyone("/api/messages/reports", "POST", { messageId: fx.messageId, reason: "Testing the answer's type." }),
  "GET /api/messages/settings": async () => everyone("/api/messages/settings"),
  "PUT /api/messages/settings": async () => everyone("/api/messages/settings", "PUT", { allowFrom: "everyone" }),

  // Notifications and the phone
  "GET /api/notifications": async () => everyone("/api/notifications"),
  "POST /api/notifications/read": async () => everyone("/api/notifications/read", "POST", { all: true }),
  "GET /api/notifications/preferences": async () => everyone("/api/notifications/preferences"),
  "PUT /api/notifications/preferences": async () =>
    everyone("/api/notifications/preferences", "PUT", { weeklyDigest: true }),
  "GET /api/notifications/stream": async () =>
    everyone("/api/notifications/stream").map((spec) => ({
      ...spec,
      during: async () => {
        const userId = spec.as === "owner" ? fx.owner.user.id : fx.other.user.id;
        await testDb()
          .insert(notifications)
          .values({ userId, kind: "announcement", title: `Live ${tag()}`, url: "/events", actorId: fx.other.user.id });
      },
    })),
  "POST /api/notifications/unsubscribe": async () => {
    await call("/api/notifications/preferences", {
      method: "PUT",
      cookie: fx.other.cookie,
      body: { weeklyDigest: true },
    });
    const [settings] = await testDb()
      .select({ token: notificationSettings.unsubscribeToken })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, fx.other.user.id));
    return [
      send("visitor", "POST", `/api/notifications/unsubscribe?token=${settings!.token}&kind=digest`),
      send("member", "POST", `/api/notifications/unsubscribe?token=${settings!.token}&kind=forum_reaction`),
    ];
  },
  "POST /api/unsubscribe/[token]": async () => {
    // The one unsubscribe's token, as the old notification link leads to it.
    await call("/api/notifications/preferences", {
      method: "PUT",
      cookie: fx.other.cookie,
      body: { weeklyDigest: true },
    });
    const [settings] = await testDb()
      .select({ token: notificationSettings.unsubscribeToken })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, fx.other.user.id));
    const oneLink = async (kind: string) =>
      `/api${(await call(`/notification-emails/unsubscribe?token=${settings!.token}&kind=${kind}`)).headers.get("location")}`;
    return [
      send("visitor", "POST", await oneLink("forum_reaction")),
      send("member", "POST", await oneLink("event_reminder")),
    ];
  },
  "GET /api/push/key": async () => everyone("/api/push/key"),
  "POST /api/push/subscriptions": async () => {
    const { publicKey } = (await call("/api/push/key")).json;
    return everyone("/api/push/subscriptions", "POST", await subscribeDevice(publicKey));
  },
  "DELETE /api/push/subscriptions": async () => {
    const { publicKey } = (await call("/api/push/key")).json;
    const device = await subscribeDevice(publicKey);
    await call("/api/push/subscriptions", { cookie: fx.owner.cookie, body: device });
    return everyone("/api/push/subscriptions", "DELETE", { endpoint: device.endpoint });
  },

  // The affiliate programme
  "GET /api/partners/[id]": async () => everyone(`/api/partners/${fx.owner.user.id}`),
  "POST /api/partners/send-registration-email": async () => {
    const who = await member();
    return [
      {
        as: "owner",
        path: "/api/partners/send-registration-email",
        method: "POST",
        body: { email: who.user.email },
        cookie: who.cookie,
      },
      send("visitor", "POST", "/api/partners/send-registration-email", { email: "x@example.com" }),
    ];
  },
  "POST /api/partners/accept": async () => {
    const who = await member();
    await call("/api/partners/send-registration-email", { cookie: who.cookie, body: { email: who.user.email } });
    const token = await emailedToken(who.user.email, "/profile/affiliate/");
    return [
      send("member", "POST", "/api/partners/accept", { token }),
      { as: "owner", path: "/api/partners/accept", method: "POST", body: { token }, cookie: who.cookie },
      send("visitor", "POST", "/api/partners/accept", { token }),
    ];
  },
  "POST /api/partners/visits": async () =>
    everyone("/api/partners/visits", "POST", { code: fx.partnerCode }).map((spec) => ({
      ...spec,
      headers: { "x-forwarded-for": randomIp() },
    })),

  // Her payments and billing
  "GET /api/users/[id]/payment-transactions": async () => {
    const { user } = await arrangeCardMember("create");
    const cookie = await signIn(user.username, TEST_PASSWORD);
    await paymentsFor(user.id);
    return [
      { as: "owner", path: `/api/users/${user.id}/payment-transactions`, cookie },
      get("member", `/api/users/${user.id}/payment-transactions`),
      get("visitor", `/api/users/${user.id}/payment-transactions`),
    ];
  },
  "GET /api/users/[id]/billing": async () => {
    const her = await cardMember();
    await paymentsFor(her.user.id);
    return [
      { as: "owner", path: `/api/users/${her.user.id}/billing`, cookie: her.cookie },
      get("member", `/api/users/${her.user.id}/billing`),
      get("visitor", `/api/users/${her.user.id}/billing`),
    ];
  },
  "POST /api/users/[id]/billing/preview": async () => {
    const her = await cardMember();
    return [
      {
        as: "owner",
        path: `/api/users/${her.user.id}/billing/preview`,
        method: "POST",
        body: { tier: "play" },
        cookie: her.cookie,
      },
      send("member", "POST", `/api/users/${her.user.id}/billing/preview`, { tier: "play" }),
      send("visitor", "POST", `/api/users/${her.user.id}/billing/preview`, { tier: "play" }),
    ];
  },
  "POST /api/users/[id]/billing/tier": async () => {
    const her = await cardMember();
    return [
      {
        as: "owner",
        path: `/api/users/${her.user.id}/billing/tier`,
        method: "POST",
        body: { tier: "connect" },
        cookie: her.cookie,
      },
      send("member", "POST", `/api/users/${her.user.id}/billing/tier`, { tier: "connect" }),
      send("visitor", "POST", `/api/users/${her.user.id}/billing/tier`, { tier: "connect" }),
    ];
  },
  "POST /api/users/[id]/billing/cancel": async () => {
    const her = await cardMember();
    return [
      send("member", "POST", `/api/users/${her.user.id}/billing/cancel`),
      { as: "owner", path: `/api/users/${her.user.id}/billing/cancel`, method: "POST", cookie: her.cookie },
      send("visitor", "POST", `/api/users/${her.user.id}/billing/cancel`),
    ];
  },
  "POST /api/users/[id]/billing/resume": async () => {
    const her = await cardMember();
    await call(`/api/users/${her.user.id}/billing/cancel`, { method: "POST", cookie: her.cookie });
    return [
      send("member", "POST", `/api/users/${her.user.id}/billing/resume`),
      { as: "owner", path: `/api/users/${her.user.id}/billing/resume`, method: "POST", cookie: her.cookie },
      send("visitor", "POST", `/api/users/${her.user.id}/billing/resume`),
    ];
  },
  "POST /api/users/[id]/billing/setup-intent": async () => {
    const her = await cardMember();
    return [
      { as: "owner", path: `/api/users/${her.user.id}/billing/setup-intent`, method: "POST", cookie: her.cookie },
      send("member", "POST", `/api/users/${her.user.id}/billing/setup-intent`),
      send("visitor", "POST", `/api/users/${her.user.id}/billing/setup-intent`),
    ];
  },
  "POST /api/users/[id]/billing/payment-method": async () => {
    const her = await cardMember();
    const setup = await call(`/api/users/${her.user.id}/billing/setup-intent`, { method: "POST", cookie: her.cookie });
    const setupId = (setup.json.clientSecret as string).split("_secret_")[0]!;
    await stripeCall(
      `/v1/setup_intents/${setupId}/confirm`,
      {
        payment_method: "pm_card_mastercard",
        client_secret: setup.json.clientSecret,
        return_url: `${testEnv().baseUrl}/profile?tab=billing`,
      },
      "POST",
      FAKE_STRIPE_PUBLISHABLE_KEY,
    );
    return [
      {
        as: "owner",
        path: `/api/users/${her.user.id}/billing/payment-method`,
        method: "POST",
        body: { setupIntentId: setupId },
        cookie: her.cookie,
      },
      send("visitor", "POST", `/api/users/${her.user.id}/billing/payment-method`, { setupIntentId: setupId }),
    ];
  },

  // Her spiritual profile and her data
  "GET /api/users/[id]/spiritual-profile": async () => everyone(`/api/users/${fx.owner.user.id}/spiritual-profile`),
  "POST /api/profile/astrology": async () => everyone("/api/profile/astrology", "POST"),
  "POST /api/profile/gene-key": async () => everyone("/api/profile/gene-key", "POST"),
  "POST /api/profile/human-design": async () => everyone("/api/profile/human-design", "POST"),
  "DELETE /api/users/[id]/birth-data": async () => {
    const who = await member();
    await saveBirthData(who);
    return [
      send("member", "DELETE", `/api/users/${who.user.id}/birth-data`),
      { as: "owner", path: `/api/users/${who.user.id}/birth-data`, method: "DELETE", cookie: who.cookie },
      send("visitor", "DELETE", `/api/users/${who.user.id}/birth-data`),
    ];
  },
  "GET /api/users/[id]/data-export": async () => everyone(`/api/users/${fx.owner.user.id}/data-export`),
  "POST /api/users/[id]/deletion": async () => {
    const who = await member();
    return [
      send("member", "POST", `/api/users/${who.user.id}/deletion`, { password: TEST_PASSWORD }),
      {
        as: "owner",
        path: `/api/users/${who.user.id}/deletion`,
        method: "POST",
        body: { password: TEST_PASSWORD },
        cookie: who.cookie,
      },
      send("visitor", "POST", `/api/users/${who.user.id}/deletion`, { password: "x" }),
    ];
  },

  // Not apiRoute handlers: the load balancer's check.
  "GET /api/health": async () => everyone("/api/health"),
};

/** Routes not walked here, with the reason. */
const NOT_MEMBER_FACING: Record<string, string> = {
  "POST /api/stripe/webhook":
    "Stripe's servers call it, authenticated by the signature (tests/integration/money.test.ts)",
};

const memberAndVisitorRoutes = declaredRoutes().filter((r) =>
  ["PUBLIC", "SIGNED_IN", "SELF", "SELF_OR_ADMIN"].includes(r.access),
);
const walked = [
  ...new Set([...memberAndVisitorRoutes.map((r) => `${r.method} ${r.pattern}`), "GET /api/health"]),
].sort();

function shapeFor(declared: DeclaredAnswer, as: Who): AnswerShape | undefined {
  if (as === "visitor") return declared.visitor;
  if (as === "owner") return declared.owner ?? declared.member;
  return declared.member;
}

function cookieFor(spec: CallSpec): string | undefined {
  if (spec.cookie) return spec.cookie;
  if (spec.as === "owner") return fx.owner.cookie;
  if (spec.as === "member") return fx.other.cookie;
  return undefined;
}

/** Strict parse: the first field outside the declared type fails with its path. */
function expectShape(schema: z.ZodType, value: unknown, what: string) {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new Error(
      `${what} does not match its declared type:\n${z.prettifyError(parsed.error)}\n${JSON.stringify(value, null, 1).slice(0, 3000)}`,
    );
}

const dump: Record<string, unknown> = {};

async function perform(key: string, spec: CallSpec, shape: AnswerShape | undefined): Promise<number> {
  const cookie = cookieFor(spec);
  const what = `${key} as ${spec.as}`;
  const method = spec.method ?? "GET";
  if (shape && "kind" in shape && shape.kind === "event-stream") {
    const stream = await openEventStream(`${testEnv().baseUrl}${spec.path}`, cookie ? { cookie } : {});
    try {
      if (stream.status !== 200) return stream.status;
      await spec.during?.();
      // Every event until a notification arrives: the unread count first, the notification, its new count.
      for (let seen = ""; seen !== "notification";) {
        const event = await stream.next(() => true, 30_000);
        seen = event.event;
        dump[`${what} ${event.event}`] = JSON.parse(event.data);
        expectShape(shape.events[event.event] ?? z.never(), JSON.parse(event.data), `${what}, event ${event.event}`);
      }
      return 200;
    } finally {
      await stream.close();
    }
  }
  let result: CallResult;
  if (spec.rawBody) {
    const response = await fetch(`${testEnv().baseUrl}${spec.path}`, {
      method,
      headers: { origin: testEnv().baseUrl, ...(cookie ? { cookie } : {}), ...spec.headers },
      body: new Uint8Array(spec.rawBody),
    });
    const text = await response.text();
    result = { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : undefined };
  } else {
    result = await call(spec.path, { method, body: spec.body, cookie, headers: spec.headers });
  }
  dump[`${what} ${result.status}`] = result.json ?? result.text.slice(0, 200);
  if (result.status < 200 || result.status >= 300) {
    if (!shape && !(result.status >= 400)) throw new Error(`${what}: ${result.status}`);
    // Every refusal is the API's one error shape, and nothing else.
    expectShape(errorAnswerSchema, result.json, `${what} (${result.status})`);
    return result.status;
  }
  if (!shape)
    throw new Error(
      `${what} answered ${result.status} but its route declares no answer for a ${spec.as}:\n${result.text.slice(0, 500)}`,
    );
  if ("kind" in shape) {
    if (shape.kind === "empty") expect(result.text).toBe("");
    else if (shape.kind === "file") expect(result.headers.get("content-disposition")).toMatch(/^(inline|attachment);/);
    else if (shape.kind === "ndjson")
      for (const line of result.text.trim().split("\n")) expectShape(shape.line, JSON.parse(line), `${what}, a line`);
    return result.status;
  }
  expectShape(shape, result.json, what);
  return result.status;
}

describe("every member-facing and visitor-facing call answers with its declared type", () => {
  afterAll(() => {
    if (process.env.DUMP_ANSWERS) writeFileSync(process.env.DUMP_ANSWERS, JSON.stringify(dump, null, 1));
  });

  it("declares an answer, and knows how to call, for every such route (and for nothing else)", () => {
    const declared = Object.keys(API_RESPONSES).sort();
    expect(declared).toEqual(walked);
    expect(Object.keys(SCENARIOS).sort()).toEqual(walked);
    expect(Object.keys(NOT_MEMBER_FACING).every((key) => !walked.includes(key))).toBe(true);
  });

  it.each(walked)(
    "%s",
    async (key) => {
      const declared = API_RESPONSES[key as keyof typeof API_RESPONSES] as DeclaredAnswer;
      const specs = await SCENARIOS[key]!();
      const answered: Partial<Record<Audience, number>> = {};
      for (const spec of specs) {
        const status = await perform(key, spec, shapeFor(declared, spec.as));
        const audience: Audience =
          spec.as === "visitor" ? "visitor" : spec.as === "owner" && declared.owner ? "owner" : "member";
        if (status < 300) answered[audience] = status;
      }
      // Each declared answer was seen at least once: a type nobody was answered with proves nothing.
      for (const audience of Object.keys(declared) as Audience[])
        expect([key, audience, answered[audience] ?? "never answered"]).toEqual([key, audience, expect.any(Number)]);
    },
    120_000,
  );
});

describe("answers that depend on whom they are about", () => {
  it("shows a forum author's bio to other members only where she shows it on her profile", async () => {
    const topics = await call(`/api/forum/topics?categoryId=${fx.categoryId}`, { cookie: fx.other.cookie });
    const hers = (topics.json.topics as { userId: number; user: { bio: string | null } }[]).find(
      (t) => t.userId === fx.owner.user.id,
    )!;
    expect(hers.user.bio).toBeNull();
    expect(
      (await call(`/api/forum/topics/slug/${fx.topic.slug}`, { cookie: fx.other.cookie })).json.user.bio,
    ).toBeNull();
    await testDb().update(users).set({ bioVisibility: "members" }).where(eq(users.id, fx.owner.user.id));
    try {
      expect((await call(`/api/forum/topics/slug/${fx.topic.slug}`, { cookie: fx.other.cookie })).json.user.bio).toBe(
        "Her bio",
      );
    } finally {
      await testDb().update(users).set({ bioVisibility: "nobody" }).where(eq(users.id, fx.owner.user.id));
    }
  });

  it("gives an administrator her billing with what each payment may still be refunded, never the rows", async () => {
    const her = await cardMember();
    await paymentsFor(her.user.id);
    const view = await call(`/api/users/${her.user.id}/billing`, { cookie: fx.admin });
    expect(view.status).toBe(200);
    expectShape(adminBillingSchema, view.json, "GET /api/users/[id]/billing as an administrator");
    expect(view.text).not.toContain("Refunded at her request");
  });
});
