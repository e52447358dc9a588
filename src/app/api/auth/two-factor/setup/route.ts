// POST /api/auth/two-factor/setup - a new TOTP secret and its QR code, kept until she confirms a first code.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { beginTwoFactorSetup } from "@/server/auth/two-factor";

export const POST = apiRoute({ access: SIGNED_IN }, async ({ user }) => beginTwoFactorSetup(user.id));
