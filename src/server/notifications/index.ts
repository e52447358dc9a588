// The notification centre's server module: pages and route handlers import from here.
import "server-only";
export * from "./announcements";
export * from "./emails";
export * from "./fan-out";
export * from "./preferences";
export * from "./producers";
export * from "./queries";
export * from "./reminders";
export * from "./stream";
export * from "./visibility";
