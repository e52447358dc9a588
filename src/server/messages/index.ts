// Direct messages: pages and route handlers import from here.
import "server-only";
export * from "./conversations";
export * from "./recipients";
export * from "./reports";
export * from "./rules";
