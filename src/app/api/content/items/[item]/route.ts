// GET /api/content/items/{slug} - one item; its content only for a member whose tier opens it.
import { z } from "@/lib/validation";
import { SIGNED_IN } from "@/lib/auth/access";
import { notFound } from "@/lib/errors";
import { apiRoute } from "@/server/http/api-route";
import { getLibraryItem } from "@/server/library/queries";

// The segment is named [item] because the calls below it take the item's id (Next.js needs one name).
export const GET = apiRoute(
  { access: SIGNED_IN, params: z.object({ item: z.string().trim().min(1).max(100) }) },
  async ({ user, params }) => {
    const item = await getLibraryItem(user, params.item);
    if (!item) throw notFound("Content Not Found");
    return item;
  },
);
