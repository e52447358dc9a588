// GET /api/places?q= - birth place typeahead from the offline city list.
import { apiRoute } from "@/server/http/api-route";
import { MEMBER } from "@/lib/auth/access";
import { searchPlaces } from "@/server/places";
import { placesQuerySchema } from "@/features/places/schemas";

export const GET = apiRoute({ access: MEMBER, query: placesQuerySchema }, async ({ query }) => ({ places: await searchPlaces(query.q) }));
