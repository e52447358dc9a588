import { eq } from "drizzle-orm";
import { emailOutbox, passwordResetTokens } from "@/db/schema";
import { closeTestDb, createTestUser, latestEmailTo, linkIn, testDb, TEST_PASSWORD } from "../support/db";
import { call, signIn } from "../support/http";

afterAll(closeTestDb);

const SAME_ANSWER = "If an account uses that email address, we have sent it a link to choose a new password.";

async function requestLink(email: string) {
  const result = await call("/api/auth/forgot-password", { body: { email } });
  expect(result.status).toBe(200);
  expect(result.json.message).toBe(SAME_ANSWER);
  const mail = await latestEmailTo(email);
  return { mail, token: mail ? new URL(linkIn(mail.text, "/reset-password/")).pathname.split("/").pop()! : "" };
}

describe("forgotten password", () => {
  it("emails a reset link through the outbox, and only the token's hash is stored", async () => {
    const user = await createTestUser();
    const { mail, token } = await requestLink(user.email);
    expect(mail).toMatchObject({ kind: "password-reset" });
    expect(mail!.html).toContain(`/reset-password/${token}`);
    const stored = await testDb().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const email = `nobody_${Date.now()}@example.com`;
    const { mail } = await requestLink(email);
    expect(mail).toBeNull();
  });

  it("sets the new password once, ends every session, and confirms by email", async () => {
    const user = await createTestUser();
    const oldSession = await signIn(user.username, TEST_PASSWORD);
    const { token } = await requestLink(user.email);

    const reset = await call("/api/auth/reset-password", {
      body: { token, password: "a-brand-new-password", confirmPassword: "a-brand-new-password" },
    });
    expect(reset.status).toBe(200);

    expect((await call("/api/auth/me", { cookie: oldSession })).status).toBe(401);
    expect((await call("/api/auth/login", { body: { username: user.username, password: TEST_PASSWORD } })).status).toBe(
      401,
    );
    await signIn(user.username, "a-brand-new-password");
    expect((await latestEmailTo(user.email))?.kind).toBe("password-changed");

    const again = await call("/api/auth/reset-password", {
      body: { token, password: "another-password-9", confirmPassword: "another-password-9" },
    });
    expect(again.status).toBe(400);
    expect(again.json.error).toMatch(/expired or has already been used/);
  });

  it("refuses an expired link", async () => {
    const user = await createTestUser();
    const { token } = await requestLink(user.email);
    await testDb()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const result = await call("/api/auth/reset-password", {
      body: { token, password: "a-brand-new-password", confirmPassword: "a-brand-new-password" },
    });
    expect(result.status).toBe(400);
  });

  it("spends a link once even when two resets race", async () => {
    const user = await createTestUser();
    const { token } = await requestLink(user.email);
    const body = { token, password: "racing-password-1", confirmPassword: "racing-password-1" };
    const results = await Promise.all([
      call("/api/auth/reset-password", { body }),
      call("/api/auth/reset-password", { body }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const confirmations = await testDb().select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(confirmations.filter((m) => m.kind === "password-changed")).toHaveLength(1);
  });

  it("validates the new password with the form's rules", async () => {
    const result = await call("/api/auth/reset-password", {
      body: { token: "x".repeat(43), password: "short", confirmPassword: "short" },
    });
    expect(result.status).toBe(400);
    expect(result.json.fields.password).toBe("Password must be at least 10 characters");
  });

  it("limits reset emails per address", async () => {
    const user = await createTestUser();
    for (let i = 0; i < 3; i++)
      expect((await call("/api/auth/forgot-password", { body: { email: user.email } })).status).toBe(200);
    const limited = await call("/api/auth/forgot-password", { body: { email: user.email } });
    expect(limited.status).toBe(429);
  });
});
