import * as OTPAuth from "otpauth";
import { seal } from "@/lib/sealed";
import { TEST_TWO_FACTOR_KEY } from "./server";

/**
 * Every administrator signs in with a TOTP code. Test admins get this secret at creation,
 * sealed with the test server's key exactly as the app seals it, and the sign-in helpers answer the
 * server's request for a code with the current one.
 */
export const TEST_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

export const sealTotpSecret = (userId: number, secret = TEST_TOTP_SECRET) =>
  seal(Buffer.from(TEST_TWO_FACTOR_KEY, "base64"), userId, secret);

const lastStepUsed = new Map<string, number>();
const PERIOD_MS = 30_000;

/**
 * A code the server has not accepted yet for this login: the server refuses a time step twice (RFC 6238
 * section 5.2) and accepts one step ahead for clock drift, so a second sign-in within the same 30 seconds
 * uses the next step, and a third waits for the clock.
 */
export async function freshTotpCode(login: string, secret = TEST_TOTP_SECRET): Promise<string> {
  const key = login.toLowerCase();
  for (;;) {
    const now = Math.floor(Date.now() / PERIOD_MS);
    const step = Math.max(now, (lastStepUsed.get(key) ?? -1) + 1);
    if (step <= now + 1) {
      lastStepUsed.set(key, step);
      return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: step * PERIOD_MS });
    }
    await new Promise((resolve) => setTimeout(resolve, PERIOD_MS - (Date.now() % PERIOD_MS) + 50));
  }
}

/** Whether a sign-in answer asks for the second factor (401 with a `code` field). */
export const asksForCode = (status: number, json: { fields?: Record<string, string> } | undefined) =>
  status === 401 && Boolean(json?.fields?.code);

/**
 * Sets up two-factor sign-in through the API as a member would on her Security page (the demo admin
 * is asked to on her first sign-in): start, confirm with a first code. Answers the secret and recovery codes.
 */
export async function setUpTwoFactor(
  baseUrl: string,
  cookie: string,
  login: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl, cookie },
      body: JSON.stringify(body),
    });
  const setup = await post("/api/auth/two-factor/setup", {});
  if (setup.status !== 200) throw new Error(`Two-factor setup failed: ${setup.status} ${await setup.text()}`);
  const { secret } = (await setup.json()) as { secret: string };
  const confirm = await post("/api/auth/two-factor/confirm", { code: await freshTotpCode(login, secret) });
  if (confirm.status !== 200) throw new Error(`Two-factor confirm failed: ${confirm.status} ${await confirm.text()}`);
  const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}
