import { z } from "@/lib/validation";
import { isoDateTime } from "@/features/api/json";

/**
 * GET /api/home?since=: her last visit, as her browser kept it; none on a first visit. The server
 * counts from at most HOME_LOOKBACK_DAYS back, however old the instant it is given.
 */
export const membersHomeQuerySchema = z.object({ since: isoDateTime.optional() });

/** How far back "since your last visit" reaches: a first visit, or one after a long absence. */
export const HOME_LOOKBACK_DAYS = 14;
/** How many of each the home shows. */
export const HOME_TOPICS = 6;
export const HOME_LIBRARY_ITEMS = 4;
export const HOME_NEW_MEMBERS = 8;
export const HOME_COURSES = 3;
/** "New members this week". */
export const NEW_MEMBER_WINDOW_DAYS = 7;
