import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import { directoryName, memberSearchText } from "@/db/schema/users";
import { users } from "@/db/schema";
import { RECIPIENT_SUGGESTIONS } from "@/features/messages/constants";
import type { MemberSummary } from "@/features/messages/types";
import type { Sender } from "./rules";

/** Escapes LIKE's wildcards so that a search for "100%" means the text. */
const containing = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /api/messages/recipients?q=: the members whose name holds `q` whom she may write to, by name.
 * Only members the directory shows (the directory's privacy), active, not herself, no block either
 * way, and whose message setting lets her write: the same rules as sending (rules.ts), in the WHERE
 * clause, so nobody she cannot write to is ever offered.
 */
export async function findRecipients(sender: Sender, q: string): Promise<MemberSummary[]> {
  const pattern = containing(q);
  const { rows } = await db.execute<{
    id: number;
    first_name: string;
    last_name: string;
    profile_picture: string | null;
  }>(sql`
    select users.id, users.first_name, users.last_name, users.profile_picture
    from users left join message_settings s on s.user_id = users.id
    where ${memberSearchText(users)} like ${pattern} and ${directoryName(users)} like ${pattern}
      and users.hidden_from_directory = false and users.id <> ${sender.id}
      and users.disabled_at is null and users.erased_at is null and users.deletion_requested_at is null
      and not exists (select 1 from forum_blocks b where (b.blocker_id = ${sender.id} and b.blocked_id = users.id)
        or (b.blocker_id = users.id and b.blocked_id = ${sender.id}))
      and coalesce(s.allow_from, 'everyone') in ('everyone', ${sender.isMentor ? "mentors" : "everyone"})
    order by ${directoryName(users)}, users.id
    limit ${RECIPIENT_SUGGESTIONS}`);
  return rows.map((row) => ({
    id: row.id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    profilePicture: row.profile_picture,
  }));
}
