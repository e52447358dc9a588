import { integer, pgTable, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * What a member chose about her first-steps checklist (src/server/onboarding). Its steps are read
 * from what she did, so nothing here says which are done.
 */
export const memberOnboarding = pgTable("member_onboarding", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** She put the checklist away. */
  hiddenAt: timestamp({ withTimezone: true }),
});
