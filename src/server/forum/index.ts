import "server-only";
// The forum's server module: pages and route handlers import from here.
export * from "./access";
export * from "./admin";
export * from "./moderation";
export * from "./notifications";
export * from "./queries";
export * from "./search";
export * from "./writing";

// What other features use of this one (they import it from here only: src/server/floors.mjs).
export { eitherBlocked } from "./access";
export { plainText } from "./plain-text";
