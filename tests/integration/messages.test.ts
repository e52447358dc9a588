import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import {
  auditLog,
  conversations,
  forumBlocks,
  messageReports,
  messages,
  messageSettings,
  notifications,
  users,
} from "@/db/schema";
import { MESSAGES_PER_MINUTE, NEW_CONVERSATIONS_PER_DAY } from "@/features/messages/constants";
import { closeTestDb, createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { call, signIn } from "../support/http";

// Direct messages: every call as a visitor, the member, another member and a blocked member.

afterAll(async () => {
  const { pool } = await import("@/db");
  await pool().end();
  await closeTestDb();
});

async function member(overrides: Parameters<typeof createTestUser>[0] = {}) {
  const user = await createTestUser({
    membershipLevel: "connect",
    firstName: "Test",
    lastName: randomUUID().slice(0, 6),
    ...overrides,
  });
  return { user, cookie: await signIn(user.username, TEST_PASSWORD) };
}

const send = (cookie: string, toUserId: number, body: string) =>
  call("/api/messages", { cookie, body: { toUserId, body } });

describe("direct messages", () => {
  it("answers a visitor 401 on every call", async () => {
    for (const [path, method] of [
      ["/api/messages", "GET"],
      ["/api/messages", "POST"],
      ["/api/messages/1", "GET"],
      ["/api/messages/1/read", "POST"],
      ["/api/messages/1/close", "POST"],
      ["/api/messages/recipients?q=amara", "GET"],
      ["/api/messages/reports", "POST"],
      ["/api/messages/settings", "PUT"],
    ] as const) {
      const result = await call(path, { method, body: method === "GET" ? undefined : {} });
      expect([path, result.status]).toEqual([path, 401]);
    }
  });

  it("makes one conversation per pair: both see it with the last message and their own unread count; nobody else can read it", async () => {
    const amara = await member({ firstName: "Amara" });
    const jordan = await member({ firstName: "Jordan" });
    const outsider = await member();
    const first = await send(amara.cookie, jordan.user.id, "Hello Jordan!");
    expect(first.status).toBe(201);
    const { conversationId } = first.json;
    expect((await send(jordan.cookie, amara.user.id, "Hi Amara, lovely to hear from you.")).json.conversationId).toBe(
      conversationId,
    );
    await send(amara.cookie, jordan.user.id, "Shall we meet at the Creative Lab?");

    const jordansList = await call("/api/messages", { cookie: jordan.cookie });
    expect(jordansList.json.conversations).toEqual([
      {
        id: conversationId,
        other: { id: amara.user.id, name: `Amara ${amara.user.lastName}`, profilePicture: null },
        lastMessage: { body: "Shall we meet at the Creative Lab?", fromMe: false, createdAt: expect.any(String) },
        unreadCount: 1,
      },
    ]);
    expect((await call("/api/messages", { cookie: amara.cookie })).json.conversations[0]).toMatchObject({
      unreadCount: 0,
      lastMessage: { fromMe: true },
    });

    const thread = await call(`/api/messages/${conversationId}`, { cookie: jordan.cookie });
    expect(thread.status).toBe(200);
    expect(thread.json.messages.map((m: { body: string; fromMe: boolean }) => [m.body, m.fromMe])).toEqual([
      ["Hello Jordan!", false],
      ["Hi Amara, lovely to hear from you.", true],
      ["Shall we meet at the Creative Lab?", false],
    ]);
    expect(thread.json.conversation).toMatchObject({
      other: { id: amara.user.id },
      canReply: true,
      cannotReplyReason: null,
    });

    // Her notification is one per conversation while unread.
    const [notification] = await testDb().select().from(notifications).where(eq(notifications.userId, jordan.user.id));
    expect(notification).toMatchObject({
      kind: "direct_message",
      actorId: amara.user.id,
      url: `/messages/${conversationId}`,
      title: "sent you a message",
      readAt: null,
    });
    expect((await call(`/api/messages/${conversationId}/read`, { cookie: jordan.cookie, body: {} })).status).toBe(200);
    expect((await call("/api/messages", { cookie: jordan.cookie })).json.conversations[0].unreadCount).toBe(0);
    expect(
      (await testDb().select().from(notifications).where(eq(notifications.id, notification!.id)))[0]!.readAt,
    ).not.toBeNull();

    for (const path of [`/api/messages/${conversationId}`])
      expect((await call(path, { cookie: outsider.cookie })).status).toBe(404);
    expect((await call(`/api/messages/${conversationId}/read`, { cookie: outsider.cookie, body: {} })).status).toBe(
      404,
    );
    expect((await call("/api/messages", { cookie: outsider.cookie })).json.conversations).toEqual([]);
  });

  it("offers by name only the members she may write to: none she blocked or who blocked her, none hidden, away or closed to her", async () => {
    const t = randomUUID().slice(0, 6);
    const her = await member({ firstName: "Noor", lastName: `${t} Haddad` });
    const named = (last: string, more: Parameters<typeof createTestUser>[0] = {}) =>
      createTestUser({ firstName: "Zadie", lastName: `${t} ${last}`, ...more });
    await named("Open");
    const blocker = await named("Blocker");
    const blocked = await named("Blocked");
    await named("Hidden", { hiddenFromDirectory: true });
    await named("Disabled", { disabledAt: new Date() });
    await named("Leaving", { deletionRequestedAt: new Date() });
    const quiet = await named("Quiet");
    const mentored = await named("Mentored");
    await testDb()
      .insert(forumBlocks)
      .values([
        { blockerId: blocker.id, blockedId: her.user.id },
        { blockerId: her.user.id, blockedId: blocked.id },
      ]);
    await testDb()
      .insert(messageSettings)
      .values([
        { userId: quiet.id, allowFrom: "nobody" },
        { userId: mentored.id, allowFrom: "mentors" },
      ]);
    const find = (cookie: string, q: string) => call(`/api/messages/recipients?q=${encodeURIComponent(q)}`, { cookie });
    const names = async (cookie: string, q: string) =>
      ((await find(cookie, q)).json.members as { name: string }[]).map((m) => m.name);

    const offered = await find(her.cookie, `ZADIE ${t}`);
    expect(offered.status).toBe(200);
    expect(offered.json.members).toEqual([{ id: expect.any(Number), name: `Zadie ${t} Open`, profilePicture: null }]);
    // A mentor may write to the member who takes messages from mentors only; nobody blocked her.
    const mentor = await member({ isMentor: true });
    expect(await names(mentor.cookie, `zadie ${t}`)).toEqual([
      `Zadie ${t} Blocked`,
      `Zadie ${t} Blocker`,
      `Zadie ${t} Mentored`,
      `Zadie ${t} Open`,
    ]);
    // By name only, never herself; wildcards are text.
    expect(await names(her.cookie, `noor ${t}`)).toEqual([]);
    expect(await names(her.cookie, `${t} %`)).toEqual([]);
    expect((await find(her.cookie, "z")).status).toBe(400);
  });

  it("reads a message at once while she has the conversation open, and counts it again once she has left", async () => {
    const amara = await member({ firstName: "Amara" });
    const jordan = await member({ firstName: "Jordan" });
    const outsider = await member();
    const { conversationId } = (await send(amara.cookie, jordan.user.id, "Hello Jordan!")).json;
    const unread = async () =>
      (await testDb().select().from(notifications).where(eq(notifications.userId, jordan.user.id))).filter(
        (n) => n.readAt === null,
      ).length;
    const listed = async () => (await call("/api/messages", { cookie: jordan.cookie })).json.conversations[0];
    expect(await unread()).toBe(1);

    // Open on her screen: read, and what arrives is read at once, its notification made read (her page still hears of it).
    expect((await call(`/api/messages/${conversationId}/read`, { cookie: jordan.cookie, body: {} })).status).toBe(200);
    expect(await unread()).toBe(0);
    expect((await send(amara.cookie, jordan.user.id, "Are you there?")).status).toBe(201);
    expect(await unread()).toBe(0);
    expect((await listed()).unreadCount).toBe(0);
    const [latest] = await testDb()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, jordan.user.id))
      .orderBy(sql`${notifications.seq} desc`)
      .limit(1);
    expect(latest).toMatchObject({ kind: "direct_message", title: "sent you a message", readAt: expect.any(Date) });

    // Only she closes her side of it; once closed, the next message counts.
    expect((await call(`/api/messages/${conversationId}/close`, { cookie: outsider.cookie, body: {} })).status).toBe(
      404,
    );
    expect((await call(`/api/messages/${conversationId}/close`, { cookie: jordan.cookie, body: {} })).status).toBe(200);
    await send(amara.cookie, jordan.user.id, "I will wait for you at the Lab.");
    expect(await unread()).toBe(1);
    expect((await listed()).unreadCount).toBe(1);
    // Amara's side was never open: Jordan's answer counts for her as ever.
    await send(jordan.cookie, amara.user.id, "Sorry, on my way!");
    expect((await call("/api/messages", { cookie: amara.cookie })).json.conversations[0].unreadCount).toBe(1);
  });

  it("pages a long conversation by keyset", async () => {
    const a = await member();
    const b = await member();
    const { conversationId } = (await send(a.cookie, b.user.id, "Message 0")).json;
    await testDb().execute(
      sql`insert into messages (conversation_id, sender_id, body) select ${conversationId}, ${a.user.id}, 'Message ' || g from generate_series(1, 40) g`,
    );
    const latest = await call(`/api/messages/${conversationId}`, { cookie: b.cookie });
    expect(latest.json.messages).toHaveLength(30);
    expect(latest.json.messages.at(-1).body).toBe("Message 40");
    const earlier = await call(`/api/messages/${conversationId}?before=${latest.json.before}`, { cookie: b.cookie });
    expect(earlier.json.messages.map((m: { body: string }) => m.body)).toEqual(
      Array.from({ length: 11 }, (_, i) => `Message ${i}`),
    );
    expect(earlier.json.before).toBeNull();
  });

  it("refuses with 403 when either member blocked the other, when messages are off, or from mentors only", async () => {
    const a = await member();
    const blocker = await member();
    await testDb().insert(forumBlocks).values({ blockerId: blocker.user.id, blockedId: a.user.id });
    const fromBlocked = await send(a.cookie, blocker.user.id, "Hello?");
    expect(fromBlocked.status).toBe(403);
    expect(fromBlocked.json.error).toBe("You cannot message this member.");
    expect((await send(blocker.cookie, a.user.id, "Hello?")).status).toBe(403);

    const quiet = await member();
    expect(
      (await call("/api/messages/settings", { method: "PUT", cookie: quiet.cookie, body: { allowFrom: "nobody" } }))
        .status,
    ).toBe(200);
    expect((await call("/api/messages/settings", { cookie: quiet.cookie })).json).toEqual({ allowFrom: "nobody" });
    expect((await send(a.cookie, quiet.user.id, "Hello?")).json).toEqual({
      error: "This member does not accept messages.",
    });

    const choosy = await member();
    await call("/api/messages/settings", { method: "PUT", cookie: choosy.cookie, body: { allowFrom: "mentors" } });
    expect((await send(a.cookie, choosy.user.id, "Hello?")).status).toBe(403);
    const mentor = await member({ isMentor: true, mentorTopics: ["Pricing"] });
    expect((await send(mentor.cookie, choosy.user.id, "Happy to help with pricing.")).status).toBe(201);
    expect(
      (await call("/api/messages/settings", { method: "PUT", cookie: choosy.cookie, body: { allowFrom: "friends" } }))
        .status,
    ).toBe(400);
    expect(await testDb().$count(messages, eq(messages.senderId, a.user.id))).toBe(0);
  });

  it("validates the message and refuses writing to herself or a member who does not exist", async () => {
    const a = await member();
    const b = await member();
    expect((await send(a.cookie, b.user.id, "   ")).json.fields).toEqual({ body: "Please write a message" });
    expect((await send(a.cookie, b.user.id, "x".repeat(4001))).status).toBe(400);
    expect((await send(a.cookie, a.user.id, "Me?")).status).toBe(403);
    expect((await send(a.cookie, 2_147_483_000, "Anyone?")).status).toBe(404);
  });

  it(`limits new conversations to ${NEW_CONVERSATIONS_PER_DAY} a day, not replies in existing ones`, async () => {
    const a = await member();
    const others = await Promise.all(Array.from({ length: NEW_CONVERSATIONS_PER_DAY + 1 }, () => createTestUser()));
    for (const other of others.slice(0, NEW_CONVERSATIONS_PER_DAY))
      expect((await send(a.cookie, other.id, "Hello!")).status).toBe(201);
    const over = await send(a.cookie, others.at(-1)!.id, "Hello!");
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await send(a.cookie, others[0]!.id, "And a reply in an existing conversation")).status).toBe(201);
  });

  it(`limits every member to ${MESSAGES_PER_MINUTE} messages a minute, in existing conversations too: a burst stops there with 429 and Retry-After`, async () => {
    const a = await member();
    const b = await member();
    expect((await send(a.cookie, b.user.id, "Hello!")).status).toBe(201);
    // A burst sent at once, as a script would: each is counted before it is written.
    const burst = await Promise.all(
      Array.from({ length: MESSAGES_PER_MINUTE + 10 }, (_, i) => send(a.cookie, b.user.id, `Message ${i}`)),
    );
    expect(burst.filter((r) => r.status === 201)).toHaveLength(MESSAGES_PER_MINUTE - 1);
    const refused = burst.filter((r) => r.status === 429);
    expect(refused).toHaveLength(11);
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(refused[0]!.json.error).toMatch(
      /^You are sending messages faster than anyone could read them\. Please wait \d+ seconds and try again\.$/,
    );
    expect(await testDb().$count(messages, sql`${messages.senderId} = ${a.user.id}`)).toBe(MESSAGES_PER_MINUTE);
    // Her limit is hers: the other member answers as usual.
    expect((await send(b.cookie, a.user.id, "Slow down!")).status).toBe(201);
  });

  it("lets her report a message she received, once; admins see that message alone and decide", async () => {
    const sender = await member({ firstName: "Rude" });
    const her = await member();
    const admin = await member({ isAdmin: true });
    const { conversationId } = (await send(sender.cookie, her.user.id, "A private hello that stays private")).json;
    const reported = (await send(sender.cookie, her.user.id, "Something hurtful")).json.message;
    const own = (await send(her.cookie, sender.user.id, "Please stop.")).json.message;

    expect(
      (
        await call("/api/messages/reports", {
          cookie: her.cookie,
          body: { messageId: own.id, reason: "My own message" },
        })
      ).status,
    ).toBe(404);
    const outsider = await member();
    expect(
      (
        await call("/api/messages/reports", {
          cookie: outsider.cookie,
          body: { messageId: reported.id, reason: "Not mine to report" },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call("/api/messages/reports", { cookie: her.cookie, body: { messageId: reported.id, reason: "no" } }))
        .status,
    ).toBe(400);
    expect(
      (
        await call("/api/messages/reports", {
          cookie: her.cookie,
          body: { messageId: reported.id, reason: "This was hurtful" },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call("/api/messages/reports", {
          cookie: her.cookie,
          body: { messageId: reported.id, reason: "This was hurtful" },
        })
      ).status,
    ).toBe(409);

    expect((await call("/api/admin/message-reports", { cookie: her.cookie })).status).toBe(403);
    const list = await call("/api/admin/message-reports", { cookie: admin.cookie });
    const report = list.json.reports.find((r: { message: { id: number } }) => r.message.id === reported.id);
    expect(report).toMatchObject({
      reason: "This was hurtful",
      message: { body: "Something hurtful" },
      sender: { id: sender.user.id },
      reporter: { id: her.user.id },
    });
    expect(list.text).not.toContain("A private hello that stays private");
    expect(list.text).not.toContain("Please stop.");
    // An admin cannot open the conversation itself.
    expect((await call(`/api/messages/${conversationId}`, { cookie: admin.cookie })).status).toBe(404);

    expect(
      (
        await call(`/api/admin/message-reports/${report.reportId}`, {
          method: "PATCH",
          cookie: admin.cookie,
          body: { decision: "remove" },
        })
      ).status,
    ).toBe(200);
    expect(await testDb().$count(messages, eq(messages.id, reported.id))).toBe(0);
    expect(await testDb().$count(messageReports, eq(messageReports.messageId, reported.id))).toBe(0);
    expect(await testDb().$count(auditLog, eq(auditLog.action, "message_report.remove"))).toBeGreaterThan(0);
    expect(await testDb().$count(conversations, eq(conversations.id, conversationId))).toBe(1);
  });

  it("erases her messages, her settings and her notifications with her account; the other member keeps her own messages", async () => {
    const her = await member();
    const other = await member();
    const { conversationId } = (await send(her.cookie, other.user.id, "Something only I wrote")).json;
    await send(other.cookie, her.user.id, "My own answer");
    await call("/api/messages/settings", { method: "PUT", cookie: her.cookie, body: { allowFrom: "mentors" } });
    await testDb()
      .update(users)
      .set({ deletionRequestedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(users.id, her.user.id));
    const { eraseDueAccounts } = await import("@/server/privacy");
    expect(await eraseDueAccounts()).toContain(her.user.id);
    expect(await testDb().$count(messages, eq(messages.senderId, her.user.id))).toBe(0);
    expect(await testDb().$count(messageSettings, eq(messageSettings.userId, her.user.id))).toBe(0);
    expect(await testDb().$count(notifications, eq(notifications.userId, her.user.id))).toBe(0);
    expect(await testDb().$count(notifications, eq(notifications.actorId, her.user.id))).toBe(0);
    const left = await call(`/api/messages/${conversationId}`, { cookie: other.cookie });
    expect(left.json.messages.map((m: { body: string }) => m.body)).toEqual(["My own answer"]);
    expect(left.json.conversation.other.name).toBe("Former member");
  });
});
