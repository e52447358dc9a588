// POST /api/profile/gene-key - compute the signed-in member's gene-key report from her stored birth data.
import { apiRoute } from "@/server/http/api-route";
import { MEMBER } from "@/lib/auth/access";
import { generateReport } from "@/server/spiritual-profile";

export const POST = apiRoute({ access: MEMBER }, async ({ user }) => generateReport(user, "gene-key"));
