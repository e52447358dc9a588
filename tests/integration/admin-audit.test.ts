import { auditLog } from "@/db/schema";
import { closeTestDb, createTestUser, testDb, TEST_PASSWORD } from "../support/db";
import { call, signIn } from "../support/http";

afterAll(closeTestDb);

interface Entry {
  id: number;
  action: string;
  actorId: number | null;
  actorUsername: string | null;
  entityType: string;
  entityId: string | null;
  href: string | null;
}
const ids = (entries: Entry[]) => entries.map((e) => e.id);

describe("the audit log", () => {
  it("refuses visitors and members", async () => {
    const member = await createTestUser();
    const memberCookie = await signIn(member.username, TEST_PASSWORD);
    for (const path of ["/api/admin/audit", "/api/admin/audit/export"]) {
      expect((await call(path)).status).toBe(401);
      expect((await call(path, { cookie: memberCookie })).status).toBe(403);
    }
  });

  it("shows what an admin did, filtered by actor, action, entity and date, each entry linked to what it changed", async () => {
    const actor = await createTestUser({ isAdmin: true });
    const cookie = await signIn(actor.username, TEST_PASSWORD);
    const member = await createTestUser();
    expect(
      (
        await call(`/api/admin/members/${member.id}`, {
          method: "PATCH",
          cookie,
          body: { membershipLevel: "play", disabled: true },
        })
      ).status,
    ).toBe(200);

    const byActor = await call(`/api/admin/audit?actor=${actor.username.toUpperCase()}`, { cookie });
    expect(byActor.status).toBe(200);
    expect(
      byActor.json.entries.map((e: Entry) => [e.action, e.actorUsername, e.entityType, e.entityId, e.href]),
    ).toEqual([
      ["member.disabled", actor.username, "user", String(member.id), `/admin/members/${member.id}`],
      ["member.tier_changed", actor.username, "user", String(member.id), `/admin/members/${member.id}`],
    ]);
    expect(
      (await call(`/api/admin/audit?actor=${actor.id}&action=member.tier`, { cookie })).json.entries.map(
        (e: Entry) => e.action,
      ),
    ).toEqual(["member.tier_changed"]);
    const byEntity = await call(`/api/admin/audit?entityType=user&entityId=${member.id}`, { cookie });
    expect(byEntity.json.entries).toHaveLength(2);
    expect(
      (await call(`/api/admin/audit?entityType=application&entityId=${member.id}&actor=${actor.id}`, { cookie })).json
        .entries,
    ).toEqual([]);

    // Dates are whole UTC days, both ends included.
    const tag = `audit-${Date.now()}`;
    const at = (day: string) => new Date(`${day}T12:00:00Z`);
    const inserted = await testDb()
      .insert(auditLog)
      .values([
        {
          actorId: actor.id,
          action: "test.dated",
          entityType: "application",
          entityId: tag,
          createdAt: at("2020-03-01"),
        },
        {
          actorId: actor.id,
          action: "test.dated",
          entityType: "application",
          entityId: tag,
          createdAt: at("2020-03-02"),
        },
        {
          actorId: actor.id,
          action: "test.dated",
          entityType: "application",
          entityId: tag,
          createdAt: at("2020-03-03"),
        },
      ])
      .returning({ id: auditLog.id });
    const dated = await call(`/api/admin/audit?entityId=${tag}&from=2020-03-02&to=2020-03-03`, { cookie });
    expect(ids(dated.json.entries)).toEqual([inserted[2]!.id, inserted[1]!.id]);
    expect(dated.json.entries[0].href).toBe(`/admin/applications/${tag}`);
    expect((await call(`/api/admin/audit?from=2020-13-45`, { cookie })).status).toBe(400);
  });

  it("pages through every entry once, newest first, and exports the filtered entries as CSV", async () => {
    const actor = await createTestUser({ isAdmin: true });
    const cookie = await signIn(actor.username, TEST_PASSWORD);
    const tag = `page-${Date.now()}`;
    await testDb()
      .insert(auditLog)
      .values(
        Array.from({ length: 61 }, (_, i) => ({
          actorId: actor.id,
          action: "test.paged",
          entityType: "payment_transaction",
          entityId: tag,
          details: { n: i, note: i === 0 ? '=cmd|"x"' : "" },
        })),
      );

    const seen: number[] = [];
    let before: number | null = null;
    let pages = 0;
    do {
      const page: { json: { entries: Entry[]; next: number | null } } = await call(
        `/api/admin/audit?entityId=${tag}${before ? `&before=${before}` : ""}`,
        { cookie },
      );
      seen.push(...ids(page.json.entries));
      before = page.json.next;
      pages += 1;
    } while (before);
    expect(pages).toBe(2);
    expect(seen).toHaveLength(61);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);

    const csv = await call(`/api/admin/audit/export?entityType=payment_transaction&entityId=${tag}`, { cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const lines = csv.text.trim().split("\r\n");
    expect(lines[0]).toBe("id,at,actor_id,actor_username,action,entity_type,entity_id,details,ip");
    expect(lines).toHaveLength(62);
    expect(lines[1]).toMatch(
      new RegExp(`^${seen[0]},[^,]+,${actor.id},${actor.username},test\\.paged,payment_transaction,${tag},`),
    );
    expect(lines.at(-1)).toContain('"{""n"":0,""note"":""=cmd|\\""x\\""""}"');
  });
});
