import "server-only";
// The forum's server module: pages and route handlers import from here.
export * from "./access";
export * from "./admin";
export * from "./moderation";
export * from "./notifications";
export * from "./queries";
export * from "./search";
export * from "./writing";
