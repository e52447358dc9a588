// GET /api/places?q= - birth place typeahead from the offline city list.
import { apiRoute } from "@/server/http/api-route";
import { SIGNED_IN } from "@/lib/auth/access";
import { searchPlaces } from "@/server/places";
import { placesQuerySchema } from "@/features/places/schemas";

export const GET = apiRoute({ access: SIGNED_IN, query: placesQuerySchema }, async ({ query }) => ({
  places: await searchPlaces(query.q),
}));
