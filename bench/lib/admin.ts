import { Pool } from "pg";
import { setUpTwoFactor } from "../../tests/support/two-factor";
import { benchDatabaseUrl, type BenchApp } from "./app";
import { benchSignIn } from "./load";

/**
 * The demo admin's session on the bench app. Admins must have two-factor sign-in: her
 * secret from any earlier run is cleared, she signs in with the password and sets it up through the API
 * as she would on her Security page, after which the same session opens the admin APIs.
 */
export async function benchAdminSignIn(app: BenchApp): Promise<string> {
  const pool = new Pool({ connectionString: benchDatabaseUrl(app), max: 1 });
  try {
    await pool.query("update users set totp_secret_encrypted = null, totp_enabled_at = null where username = 'admin'");
    await pool.query("delete from recovery_codes where user_id = (select id from users where username = 'admin')");
  } finally {
    await pool.end();
  }
  const cookie = await benchSignIn(app.baseUrl, "admin");
  await setUpTwoFactor(app.baseUrl, cookie, "admin");
  return cookie;
}
