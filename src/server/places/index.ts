import "server-only";
import { cityMapping } from "city-timezones";

/**
 * Offline birth places: the `city-timezones` list (about 7,300 cities and towns with coordinates and
 * IANA time zones, from the Simple Maps basic world cities database). Searched in memory, no network.
 */
export interface Place {
  id: string;
  label: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

interface IndexedPlace extends Place {
  key: string;
  population: number;
}

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();

let index: { list: IndexedPlace[]; byId: Map<string, IndexedPlace> } | undefined;

function places() {
  if (index) return index;
  const list: IndexedPlace[] = [];
  const byId = new Map<string, IndexedPlace>();
  for (const c of cityMapping) {
    if (!c.timezone || !Number.isFinite(c.lat) || !Number.isFinite(c.lng)) continue;
    const region = c.province && c.province !== c.city ? `${c.province}, ` : "";
    const label = `${c.city}, ${region}${c.country}`;
    let id = `${c.iso2}:${fold(c.city_ascii || c.city)}:${fold(c.province ?? "")}`.replace(/\s+/g, "-");
    while (byId.has(id)) id += "+";
    const place: IndexedPlace = {
      id,
      label,
      latitude: Math.round(c.lat * 10_000) / 10_000,
      longitude: Math.round(c.lng * 10_000) / 10_000,
      timeZone: c.timezone,
      key: fold(`${c.city} ${c.city_ascii ?? ""}`),
      population: Number(c.pop) || 0,
    };
    list.push(place);
    byId.set(id, place);
  }
  list.sort((a, b) => b.population - a.population);
  index = { list, byId };
  return index;
}

const strip = ({ id, label, latitude, longitude, timeZone }: IndexedPlace): Place => ({ id, label, latitude, longitude, timeZone });

/** Up to `limit` places whose name starts with the query (then contains it), largest first. */
export function searchPlaces(query: string, limit = 10): Place[] {
  const q = (fold(query).split(",")[0] ?? "").trim();
  if (q.length < 2) return [];
  const { list } = places();
  const starts: IndexedPlace[] = [];
  const contains: IndexedPlace[] = [];
  for (const p of list) {
    if (p.key.startsWith(q) || p.key.includes(` ${q}`)) starts.push(p);
    else if (p.key.includes(q)) contains.push(p);
    if (starts.length >= limit) break;
  }
  return [...starts, ...contains].slice(0, limit).map(strip);
}

export function placeById(id: string): Place | null {
  const p = places().byId.get(id);
  return p ? strip(p) : null;
}
