import "server-only";
import { sql } from "drizzle-orm";
import { RANKED_MATCHES } from "@/server/full-text";
import { forumBlocks, memberSearchVector, users } from "@/db/schema";
import { foundPage, tsquery, kindQuery, type KindQuery, type KindSearch } from "./terms";

/**
 * Members, for members only (a visitor finds none): the directory's text (name, the location she shows
 * to members, interests, mentor topics) as words. Never one who hid herself from the directory, whose
 * account is disabled or erased, or who blocked the asker or was blocked by her. The vector is the
 * schema's memberSearchVector, which users_search_idx holds (migration 0035).
 */
export function searchMembers({ reader, terms, limit, after }: KindSearch): KindQuery | null {
  if (!reader) return null;
  const vector = memberSearchVector(users);
  const nameWords = new Set(terms.words.map((word) => word.toLowerCase()));
  return kindQuery<{
    id: number;
    first_name: string;
    last_name: string;
    occupation: string | null;
    interests: string[];
    rank: string;
  }>(
    sql`
    with found as (
      select ${users.id} as id, ts_rank(${vector}, ${tsquery(terms, "simple")}) as rank
      from ${users}
      where ${vector} @@ ${tsquery(terms, "simple")}
        and not ${users.hiddenFromDirectory} and ${users.disabledAt} is null and ${users.erasedAt} is null
        and not exists (
          select 1 from ${forumBlocks}
          where (${forumBlocks.blockerId} = ${reader.id} and ${forumBlocks.blockedId} = ${users.id})
             or (${forumBlocks.blockerId} = ${users.id} and ${forumBlocks.blockedId} = ${reader.id})
        )
      limit ${RANKED_MATCHES}
    )
    select ${users.id} as id, ${users.firstName} as first_name, ${users.lastName} as last_name,
      case when ${users.occupationVisibility} = 'members' then nullif(${users.occupation}, '') end as occupation,
      ${users.interests} as interests, found.rank::text as rank
    from found
    join ${users} on ${users.id} = found.id
    ${foundPage(after, limit)}
  `,
    (row) => {
      const name = `${row.first_name} ${row.last_name}`.trim();
      return {
        id: row.id,
        title: name,
        excerpt: row.interests.slice(0, 5).join(", "),
        href: `/profile/${row.id}`,
        detail: row.occupation,
        rank: row.rank,
        // Her name is her title: a match in it is a whole word of the name, or the prefix of one.
        titleMatch: name
          .toLowerCase()
          .split(/\s+/)
          .some((part) => nameWords.has(part) || part.startsWith(terms.words.at(-1)!.toLowerCase())),
      };
    },
  );
}
