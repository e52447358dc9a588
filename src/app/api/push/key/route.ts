// GET /api/push/key - the server's VAPID public key (RFC 8292), the applicationServerKey of a push subscription.
import { PUBLIC } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { pushPublicKey } from "@/server/push";

export const GET = apiRoute({ access: PUBLIC }, async () => pushPublicKey());
