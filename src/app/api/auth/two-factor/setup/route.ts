// POST /api/auth/two-factor/setup - a new TOTP secret and its QR code, kept until she confirms a first code.
import { MEMBER } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { beginTwoFactorSetup } from "@/server/auth/two-factor";

export const POST = apiRoute({ access: MEMBER }, async ({ user }) => beginTwoFactorSetup(user.id));
