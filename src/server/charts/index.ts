import "server-only";

// What other features use of this one (they import it from here only: src/server/floors.mjs).
export { astrologyChart } from "./astrology";
export { geneKeysProfile } from "./gene-keys";
export { humanDesignChart } from "./human-design";
export { parseUtcOffset, pickReading, readingWithOffset, resolveBirthTime } from "./time";
export type { UtcReading } from "./time";
