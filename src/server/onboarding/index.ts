// A new member's first steps (docs/decisions/043-the-members-home.md, 046-a-welcome-and-a-start-here.md):
// her checklist, its welcome and reminder, and the administrators' overview. Pages and handlers import from here.
import "server-only";
export * from "./checklist";
export * from "./emails";
export * from "./overview";
export * from "./start-here";
