// POST /api/users/{id}/billing/setup-intent - a SetupIntent for adding or replacing her card with the Payment Element.
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { SELF } from "@/lib/auth/access";
import { createCardSetup } from "@/server/billing/changes";

// Only she enters her card.
export const POST = apiRoute({ access: SELF, params: idParams() }, async ({ params }) => createCardSetup(params.id));
