// POST /api/profile/gene-key - compute the signed-in member's gene-key report from her stored birth data.
import { apiRoute } from "@/server/http/api-route";
import { SIGNED_IN } from "@/lib/auth/access";
import { generateReport } from "@/server/spiritual-profile";

export const POST = apiRoute({ access: SIGNED_IN }, async ({ user }) => generateReport(user, "gene-key"));
