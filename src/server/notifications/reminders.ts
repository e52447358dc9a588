import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import { wantsKind } from "./producers";
import { activeMember } from "./visibility";

/**
 * Job handler, hourly: reminds every member going to a scheduled event that starts within the next
 * day, once per event (the dedupe key), in the event's own time zone ("today" or "tomorrow").
 */
export async function sendEventReminders(now: Date = new Date()): Promise<number> {
  const result = await db.execute(sql`
    insert into notifications (user_id, kind, title, url, dedupe_key)
    select u.id, 'event_reminder',
      '“' || e.title || '” starts ' ||
        case when (e.starts_at at time zone e.timezone)::date = (${now}::timestamptz at time zone e.timezone)::date then 'today' else 'tomorrow' end
        || ' at ' || trim(to_char(e.starts_at at time zone e.timezone, 'FMHH12:MI AM')),
      '/events/' || e.id, 'event:' || e.id || ':reminder'
    from events e
    join event_rsvps r on r.event_id = e.id and r.status = 'going'
    join users u on u.id = r.user_id
    where e.status = 'scheduled' and e.starts_at > ${now}::timestamptz and e.starts_at <= ${now}::timestamptz + interval '1 day'
      and ${activeMember("u")} and ${wantsKind(sql`u.id`, "event_reminder")}
    on conflict (user_id, dedupe_key) do nothing`);
  return result.rowCount ?? 0;
}
