import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { emailOutbox, mentorshipRequests, storedFiles, users } from "@/db/schema";
import { closeTestDb, createTestUser, latestEmailTo, TEST_PASSWORD, testDb } from "../support/db";
import { call, signIn } from "../support/http";
import { testEnv } from "../support/env";

// Profiles, the member directory and mentorship.

afterAll(closeTestDb);

const PICTURE_UPLOAD_MESSAGE = "Please upload your picture here (links to pictures on other sites are not accepted)";

const validProfile = {
  firstName: "Ada",
  lastName: "Lovelace",
  bio: "Poet of numbers.",
  profilePicture: "",
  location: "London",
  occupation: "Analyst",
  interests: "Looms, poetry , , Looms",
  isMentor: false,
  mentorTopics: "",
  locationVisibility: "members",
  occupationVisibility: "members",
  bioVisibility: "members",
  hiddenFromDirectory: false,
};

async function member(overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await createTestUser(overrides);
  return { user, cookie: await signIn(user.username, TEST_PASSWORD) };
}

describe("owner-only calls refuse another member whatever she sends", () => {
  it("answers 403 (or 404 for a request she did not receive) before reading the body", async () => {
    const owner = await member({ isMentor: true, mentorTopics: ["Poetry"] });
    const other = await member();
    const id = owner.user.id;
    const bodies: { body?: unknown; rawBody?: string }[] = [
      { body: validProfile },
      { body: { firstName: "x" } },
      { body: { birthDate: "1990-01-01", birthTime: "10:00", birthLocation: "London", placeId: "x" } },
      { rawBody: "{not json" },
      { body: {} },
    ];
    for (const b of bodies) {
      const result = await call(`/api/users/${id}`, {
        method: "PATCH",
        cookie: other.cookie,
        ...b,
        headers: { "content-type": "application/json" },
      });
      expect([result.status, result.json?.error]).toEqual([403, "You do not have permission to do that."]);
    }
    for (const path of [
      `/api/partners/${id}`,
      `/api/users/${id}/mentorship-requests`,
      `/api/users/${id}/payment-transactions`,
      `/api/users/${id}/spiritual-profile`,
    ]) {
      expect([path, (await call(path, { cookie: other.cookie })).status]).toEqual([path, 403]);
    }
    const requester = await member();
    const sent = await call(`/api/users/${id}/mentorship-requests`, {
      cookie: requester.cookie,
      body: { message: "Hello there" },
    });
    expect(sent.status).toBe(201);
    for (const body of [{ status: "accepted" }, { status: "nonsense" }, {}]) {
      const decided = await call(`/api/mentorship-requests/${sent.json.id}`, {
        method: "PATCH",
        cookie: other.cookie,
        body,
      });
      expect(decided.status).toBe(404);
    }
    const [unchanged] = await testDb().select().from(users).where(eq(users.id, id));
    expect(unchanged!.firstName).toBe(owner.user.firstName);
  });

  it("lets an administrator change a profile but never the birth data", async () => {
    const owner = await member();
    const admin = await member({ isAdmin: true });
    const changed = await call(`/api/users/${owner.user.id}`, {
      method: "PATCH",
      cookie: admin.cookie,
      body: { occupation: "Set by an admin" },
    });
    expect(changed.status).toBe(200);
    expect(changed.json.occupation).toBe("Set by an admin");
    const birth = await call(`/api/users/${owner.user.id}`, {
      method: "PATCH",
      cookie: admin.cookie,
      body: { birthDate: "1990-01-01", birthTime: "10:00", birthLocation: "London", placeId: "x" },
    });
    expect(birth.status).toBe(403);
  });
});

describe("GET /api/users/{id}", () => {
  it("gives other members the public profile only, with her visibility choices", async () => {
    const her = await member({
      bio: "Private bio",
      location: "Secret City",
      occupation: "Weaver",
      locationVisibility: "nobody",
      bioVisibility: "nobody",
      isPartner: true,
      birthDataEncrypted: "sealed-birth-data",
      astrologyReport: { sealed: "x" },
      interests: ["Weaving"],
    });
    const other = await member();
    const seen = await call(`/api/users/${her.user.id}`, { cookie: other.cookie });
    expect(seen.status).toBe(200);
    expect(Object.keys(seen.json).sort()).toEqual(
      [
        "bio",
        "eventsAttended",
        "firstName",
        "id",
        "interests",
        "isMentor",
        "joinedYear",
        "lastName",
        "levelTitle",
        "location",
        "membershipLevel",
        "mentorTopics",
        "occupation",
        "pointsLevel",
        "profilePicture",
        "username",
      ].sort(),
    );
    expect(seen.json).toMatchObject({
      location: null,
      bio: null,
      occupation: "Weaver",
      interests: ["Weaving"],
      eventsAttended: 0,
    });
    expect(seen.text).not.toContain(her.user.email);
    expect(seen.text).not.toContain("Secret City");
    expect(seen.text).not.toContain("sealed");

    const own = await call(`/api/users/${her.user.id}`, { cookie: her.cookie });
    expect(own.json).toMatchObject({
      email: her.user.email,
      location: "Secret City",
      bio: "Private bio",
      locationVisibility: "nobody",
      isPartner: true,
    });
    expect(own.text).not.toContain("sealed");
    expect((await call(`/api/users/999999999`, { cookie: other.cookie })).status).toBe(404);
    expect((await call(`/api/users/${her.user.id}`)).status).toBe(401);
  });
});

describe("PATCH /api/users/{id} (profile)", () => {
  it("answers the spec's messages and saves comma-separated lists, topics only for mentors", async () => {
    const { user, cookie } = await member();
    const bad = await call(`/api/users/${user.id}`, {
      method: "PATCH",
      cookie,
      body: { ...validProfile, firstName: "A", lastName: "B", profilePicture: "not a url" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toMatchObject({
      firstName: "First name must be at least 2 characters",
      lastName: "Last name must be at least 2 characters",
      profilePicture: PICTURE_UPLOAD_MESSAGE,
    });
    expect((await call(`/api/users/${user.id}`, { method: "PATCH", cookie, body: { isAdmin: true } })).status).toBe(
      400,
    );

    const saved = await call(`/api/users/${user.id}`, {
      method: "PATCH",
      cookie,
      body: { ...validProfile, mentorTopics: "Ignored, because off" },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      firstName: "Ada",
      interests: ["Looms", "poetry"],
      mentorTopics: [],
      isMentor: false,
    });
    const mentor = await call(`/api/users/${user.id}`, {
      method: "PATCH",
      cookie,
      body: { isMentor: true, mentorTopics: "Poetry, Weaving" },
    });
    expect(mentor.json).toMatchObject({ isMentor: true, mentorTopics: ["Poetry", "Weaving"] });
    const [row] = await testDb()
      .select({ isAdmin: users.isAdmin, topics: users.mentorTopics })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row).toEqual({ isAdmin: false, topics: ["Poetry", "Weaving"] });
  });

  it("takes an uploaded picture of her own, shows it to members, and removes the one it replaces", async () => {
    const { user, cookie } = await member();
    const other = await member();
    const upload = async (who: string) => {
      const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#a35" } })
        .png()
        .toBuffer();
      const response = await fetch(`${testEnv().baseUrl}/api/uploads/avatar`, {
        method: "POST",
        headers: { origin: testEnv().baseUrl, cookie: who },
        body: new Uint8Array(png),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { url: string; id: string };
    };
    // Never a picture on another site, which every member who sees her would load from there.
    for (const link of [
      "https://tracker.example.com/pixel.png",
      "http://example.com/me.jpg",
      "//example.com/me.jpg",
      "/api/files/../admin",
    ]) {
      const linked = await call(`/api/users/${user.id}`, { method: "PATCH", cookie, body: { profilePicture: link } });
      expect([linked.status, linked.json.fields?.profilePicture]).toEqual([400, PICTURE_UPLOAD_MESSAGE]);
    }
    const theirs = await upload(other.cookie);
    const refused = await call(`/api/users/${user.id}`, {
      method: "PATCH",
      cookie,
      body: { profilePicture: theirs.url },
    });
    expect([refused.status, refused.json.fields?.profilePicture]).toEqual([400, "Please upload the picture again"]);

    const first = await upload(cookie);
    expect((await call(first.url, { cookie: other.cookie })).status).toBe(403);
    expect(
      (await call(`/api/users/${user.id}`, { method: "PATCH", cookie, body: { profilePicture: first.url } })).json
        .profilePicture,
    ).toBe(first.url);
    expect((await call(first.url, { cookie: other.cookie })).status).toBe(200);

    const second = await upload(cookie);
    await call(`/api/users/${user.id}`, { method: "PATCH", cookie, body: { profilePicture: second.url } });
    const [old] = await testDb().select().from(storedFiles).where(eq(storedFiles.id, first.id));
    expect(old!.deletedAt).not.toBeNull();
    expect((await call(first.url, { cookie })).status).toBe(404);
  });
});

describe("GET /api/members (the directory)", () => {
  it("finds members by interest, mentor topic and shown location, leaves out hidden ones, and pages by keyset", async () => {
    const tag = randomUUID().slice(0, 8);
    const viewer = await member();
    const shown = await member({
      firstName: "Dir",
      lastName: `Aaa ${tag}`,
      interests: [`Kintsugi${tag}`],
      location: `Town${tag}`,
    });
    const mentor = await member({
      firstName: "Dir",
      lastName: `Bbb ${tag}`,
      interests: [`Kintsugi${tag}`],
      isMentor: true,
      mentorTopics: [`Glaze${tag}`],
    });
    await member({
      firstName: "Dir",
      lastName: `Ccc ${tag}`,
      interests: [`Kintsugi${tag}`],
      hiddenFromDirectory: true,
    });
    await member({
      firstName: "Dir",
      lastName: `Ddd ${tag}`,
      interests: ["Other"],
      location: `Hidden${tag}`,
      locationVisibility: "nobody",
    });

    const byInterest = await call(`/api/members?q=kintsugi${tag}`, { cookie: viewer.cookie });
    expect(byInterest.json.members.map((m: { id: number }) => m.id)).toEqual([shown.user.id, mentor.user.id]);
    expect(byInterest.json.members[0]).not.toHaveProperty("email");
    expect(
      (await call(`/api/members?q=glaze${tag}`, { cookie: viewer.cookie })).json.members.map(
        (m: { id: number }) => m.id,
      ),
    ).toEqual([mentor.user.id]);
    expect((await call(`/api/members?q=town${tag}`, { cookie: viewer.cookie })).json.members).toHaveLength(1);
    expect((await call(`/api/members?q=hidden${tag}`, { cookie: viewer.cookie })).json.members).toHaveLength(0);
    expect(
      (await call(`/api/members?q=kintsugi${tag}&mentors=1`, { cookie: viewer.cookie })).json.members.map(
        (m: { id: number }) => m.id,
      ),
    ).toEqual([mentor.user.id]);

    const page1b = await call(`/api/members?q=${tag}&limit=1`, { cookie: viewer.cookie });
    expect(page1b.json.members.map((m: { id: number }) => m.id)).toEqual([shown.user.id]);
    const page2 = await call(`/api/members?q=${tag}&limit=1&after=${page1b.json.next}`, { cookie: viewer.cookie });
    expect(page2.json.members.map((m: { id: number }) => m.id)).toEqual([mentor.user.id]);
    const page3 = await call(`/api/members?q=${tag}&limit=1&after=${page2.json.next}`, { cookie: viewer.cookie });
    expect(page3.json).toMatchObject({ members: [{ lastName: `Ddd ${tag}`, location: null }], next: null });
    expect((await call(`/api/members?after=garbage`, { cookie: viewer.cookie })).status).toBe(400);
    expect((await call(`/api/members`)).status).toBe(401);
  });
});

describe("mentorship requests", () => {
  it("stores a request, emails the mentor, allows one open request per mentor, and the mentor accepts", async () => {
    const mentor = await member({ isMentor: true, mentorTopics: ["Poetry"] });
    const mentee = await member();
    const url = `/api/users/${mentor.user.id}/mentorship-requests`;
    expect((await call(url, { cookie: mentee.cookie, body: { message: "   " } })).json.fields).toEqual({
      message: "Please write a message",
    });
    expect((await call(url, { cookie: mentee.cookie, body: { message: "x".repeat(2001) } })).json.fields).toEqual({
      message: "Your message can be at most 2,000 characters",
    });
    const sent = await call(url, {
      cookie: mentee.cookie,
      body: { message: "  Could you help me with my first chapbook?  ", topic: "Poetry" },
    });
    expect(sent.status).toBe(201);
    const mail = await latestEmailTo(mentor.user.email);
    expect(mail).toMatchObject({ kind: "mentorship-request" });
    expect(mail!.text).toContain("Could you help me with my first chapbook?");
    expect((await call(url, { cookie: mentee.cookie, body: { message: "Again" } })).status).toBe(409);
    expect(
      (
        await call(`/api/users/${mentee.user.id}/mentorship-requests`, {
          cookie: mentor.cookie,
          body: { message: "Not a mentor" },
        })
      ).status,
    ).toBe(404);
    expect((await call(url, { cookie: mentor.cookie, body: { message: "Myself" } })).status).toBe(403);

    const list = await call(url, { cookie: mentor.cookie });
    expect(list.json).toEqual([
      expect.objectContaining({
        id: sent.json.id,
        message: "Could you help me with my first chapbook?",
        topic: "Poetry",
        status: "pending",
        requesterEmail: null,
      }),
    ]);
    const accepted = await call(`/api/mentorship-requests/${sent.json.id}`, {
      method: "PATCH",
      cookie: mentor.cookie,
      body: { status: "accepted" },
    });
    expect(accepted.status).toBe(200);
    expect((await latestEmailTo(mentee.user.email))!.text).toContain(mentor.user.email);
    expect((await latestEmailTo(mentor.user.email))!.text).toContain(mentee.user.email);
    expect((await call(url, { cookie: mentor.cookie })).json[0]).toMatchObject({
      status: "accepted",
      requesterEmail: mentee.user.email,
    });
    expect(
      (
        await call(`/api/mentorship-requests/${sent.json.id}`, {
          method: "PATCH",
          cookie: mentor.cookie,
          body: { status: "declined" },
        })
      ).status,
    ).toBe(409);
  });

  it("sends a kind note on decline and allows at most 5 requests a day", async () => {
    const mentee = await member();
    const mentors = await Promise.all(
      Array.from({ length: 6 }, () => member({ isMentor: true, mentorTopics: ["Craft"] })),
    );
    const results = [];
    for (const m of mentors)
      results.push(
        (
          await call(`/api/users/${m.user.id}/mentorship-requests`, {
            cookie: mentee.cookie,
            body: { message: "Hello" },
          })
        ).status,
      );
    expect(results).toEqual([201, 201, 201, 201, 201, 429]);
    const [first] = await testDb()
      .select()
      .from(mentorshipRequests)
      .where(
        and(eq(mentorshipRequests.mentorId, mentors[0]!.user.id), eq(mentorshipRequests.requesterId, mentee.user.id)),
      );
    await call(`/api/mentorship-requests/${first!.id}`, {
      method: "PATCH",
      cookie: mentors[0]!.cookie,
      body: { status: "declined" },
    });
    const note = await latestEmailTo(mentee.user.email);
    expect(note).toMatchObject({ kind: "mentorship-declined", subject: "About your mentorship request" });
    expect(note!.text).not.toContain(mentors[0]!.user.email);
    const outbox = await testDb().select().from(emailOutbox).where(eq(emailOutbox.to, mentors[5]!.user.email));
    expect(outbox).toHaveLength(0);
  });
});
