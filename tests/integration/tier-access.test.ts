import { eq, inArray, sql } from "drizzle-orm";
import { applications, memberships, users } from "@/db/schema";
import { TIER_IDS, type TierId } from "@/features/membership/constants";
import { meetsLevel } from "@/lib/auth/access";
import { opensLevel, TIER_ORDER_SQL } from "@/server/auth/tier-access";
import { sessionUserColumns } from "@/server/auth/sessions";
import { closeTestDb, createTestUser, testDb } from "../support/db";

// The tier order and "membership in force" have one home in SQL (src/server/auth/tier-access.ts):
// the session's level and the notifications' producers read it there, and it agrees with meetsLevel,
// the rule every check in JavaScript uses.

afterAll(closeTestDb);

const DAY = 86_400_000;

async function withMembership(level: TierId, accessEndsAt: Date) {
  const user = await createTestUser({ membershipLevel: level });
  const [application] = await testDb()
    .insert(applications)
    .values({
      firstName: "Tier",
      lastName: "Access",
      email: `tier-access-${user.id}@example.test`,
      phone: "555",
      heardAbout: "friend",
      whyJoin: "to be checked",
      membershipTier: level,
      agreeTerms: true,
      status: "approved",
    })
    .returning({ id: applications.id });
  await testDb()
    .insert(memberships)
    .values({
      applicationId: application!.id,
      userId: user.id,
      tier: level,
      status: "past_due",
      billingMethod: "card",
      startedAt: new Date(Date.now() - 60 * DAY),
      termEndsAt: new Date(Date.now() + 120 * DAY),
      accessEndsAt,
    });
  return user;
}

it("orders the tiers as TIER_IDS does", async () => {
  const result = await testDb().execute<{ tier: string }>(sql`select unnest(${TIER_ORDER_SQL}) as tier`);
  expect(result.rows.map((row) => row.tier)).toEqual([...TIER_IDS]);
});

it("opens a level to admins and to members whose level in force is at or above it, as meetsLevel does", async () => {
  const members = {
    connect: await createTestUser({ membershipLevel: "connect" }),
    play: await createTestUser({ membershipLevel: "play" }),
    none: await createTestUser({ membershipLevel: null }),
    admin: await createTestUser({ isAdmin: true, membershipLevel: null }),
    empowerUntilTomorrow: await withMembership("empower", new Date(Date.now() + DAY)),
    playAccessEnded: await withMembership("play", new Date(Date.now() - DAY)),
  };
  const ids = Object.values(members).map((user) => user.id);
  for (const required of [null, ...TIER_IDS]) {
    const rows = await testDb()
      .select({ id: sql<number>`u.id`, opens: opensLevel("u", sql`${required}::text`) })
      .from(sql`users u`)
      .where(inArray(sql`u.id`, ids));
    const opens = new Map(rows.map((row) => [row.id, row.opens]));
    for (const [name, user] of Object.entries(members)) {
      const [session] = await testDb().select(sessionUserColumns).from(users).where(eq(users.id, user.id));
      const expected = meetsLevel({ ...session!, twoFactorPassed: true }, required);
      // SQL's null (no level in force) keeps a row out of a WHERE clause as false does.
      expect({ name, required, opens: opens.get(user.id) === true }).toEqual({ name, required, opens: expected });
    }
  }
});

it("takes the level away once the membership's access has ended", async () => {
  const ended = await withMembership("play", new Date(Date.now() - 1000));
  const kept = await withMembership("play", new Date(Date.now() + DAY));
  const levels = await testDb()
    .select({ id: users.id, level: sessionUserColumns.membershipLevel })
    .from(users)
    .where(inArray(users.id, [ended.id, kept.id]));
  expect(Object.fromEntries(levels.map((row) => [row.id, row.level]))).toEqual({
    [ended.id]: null,
    [kept.id]: "play",
  });
});
