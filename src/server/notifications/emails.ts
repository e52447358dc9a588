import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import type { Transaction } from "@/db/client";
import {
  DEFAULT_DELIVERY,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATIONS_PATH,
  notificationLink,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "@/features/notifications/constants";
import { bulkEmail } from "@/server/email/bulk";
import type { QueueEmail } from "@/server/email/outbox";
import { transactionWithEmail } from "@/server/email/outbox";
import { renderEmail } from "@/server/email/render";
import { getSiteSettings } from "@/server/settings";
import { ensureNotificationSettings } from "./preferences";
import { activeMember, memberOpensLevel } from "./visibility";

/**
 * Email of notifications, the pipeline's email channel (docs/decisions/041-one-notification-pipeline.md):
 * "email at once" goes out a minute after the notification unless she has read it in the app by then
 * (no email for what she already saw), one email per kind for all that came in that minute; daily and
 * weekly digests gather the rest. Forum replies are emailed here like every other kind, at most once
 * an hour per topic. Every email is bulk: it carries the one unsubscribe of its kind or digest
 * (docs/decisions/044-one-unsubscribe.md).
 */

/** Waiting this long lets her see it in the app first; read by then, it is not emailed. */
export const EMAIL_GRACE_SECONDS = 60;
/** At most one email about replies in one topic in this window, however busy the topic. */
export const REPLY_EMAIL_INTERVAL_MINUTES = 60;
/** Notifications claimed at a time by one transaction of the email job. */
const EMAIL_BATCH = 500;

/** Her choice for `kind` in SQL (no row: the default). */
const deliveryOf = (kindColumn: ReturnType<typeof sql>) =>
  sql`coalesce((select np.delivery from notification_preferences np where np.user_id = u.id and np.kind = ${kindColumn}),
    case ${kindColumn} ${sql.join(
      NOTIFICATION_KINDS.map((kind) => sql`when ${kind} then ${DEFAULT_DELIVERY[kind]}`),
      sql` `,
    )} end)`;

type DueRow = {
  id: number;
  user_id: number;
  kind: NotificationKind;
  line: string;
  url: string;
  email: string;
  first_name: string;
};

/**
 * Claims her unread, not yet emailed notifications matching `where` (rows locked, SKIP LOCKED, so two
 * workers never email one twice) and marks them emailed, in the caller's transaction.
 */
async function claimDue(tx: Transaction, where: ReturnType<typeof sql>, limit: number): Promise<DueRow[]> {
  const { rows } = await tx.execute<DueRow>(sql`
    with due as (
      select n.id from notifications n join users u on u.id = n.user_id
      where n.read_at is null and n.emailed_at is null and ${activeMember("u")}
        and (n.actor_id is null or not exists (select 1 from forum_blocks b where b.blocker_id = u.id and b.blocked_id = n.actor_id))
        and ${memberOpensLevel("u", sql`n.required_level`)}
        and ${where}
      order by n.id
      limit ${limit}
      for update of n skip locked
    )
    update notifications n set emailed_at = now()
    from due, users u
    where n.id = due.id and u.id = n.user_id
    returning n.id, n.user_id, n.kind, n.url, u.email, u.first_name,
      coalesce((select trim(x.first_name || ' ' || x.last_name) || case when n.actor_count > 1 then ' and ' || (n.actor_count - 1) || case when n.actor_count = 2 then ' other' else ' others' end else '' end || ' '
                from users x where x.id = n.actor_id), '') || n.title as line`);
  return rows;
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

async function queueNotificationEmail(
  tx: Transaction,
  queueEmail: QueueEmail,
  rows: DueRow[],
  kind: NotificationKind,
  baseUrl: string,
  siteName: string,
) {
  const first = rows[0]!;
  const { unsubscribeUrl, ...bulk } = bulkEmail({ member: first.user_id }, kind, baseUrl);
  const label = NOTIFICATION_KIND_LABELS[kind].toLowerCase();
  await queueEmail({
    to: first.email,
    kind: `notification-${kind}`,
    subject: rows.length === 1 ? first.line : `${rows.length} new notifications: ${label}`,
    ...bulk,
    ...renderEmail({
      siteName,
      heading: rows.length === 1 ? first.line : `${rows.length} new notifications`,
      paragraphs: [
        `Hi ${first.first_name},`,
        ...rows.map((row) => (rows.length === 1 ? row.line : `• ${row.line}: ${baseUrl}${notificationLink(row.url)}`)),
      ],
      action: {
        label: rows.length === 1 ? "Open it" : "See your notifications",
        url: `${baseUrl}${rows.length === 1 ? notificationLink(first.url) : NOTIFICATIONS_PATH}`,
      },
      footer: `You chose to get ${label} by email. Stop these emails: ${unsubscribeUrl} (or change every choice at ${baseUrl}/notifications/settings).`,
    }),
  });
}

/**
 * The topic a forum reply's link is in ("/forum/topic/slug#post-1" without its anchor): a reply is not
 * emailed while she was emailed about another reply in that topic within the interval.
 */
const replyEmailedLately = sql`(n.kind = 'forum_reply' and exists (
  select 1 from notifications e where e.user_id = n.user_id and e.kind = 'forum_reply' and e.id <> n.id
    and e.emailed_at > now() - make_interval(mins => ${REPLY_EMAIL_INTERVAL_MINUTES})
    and split_part(e.url, '#', 1) = split_part(n.url, '#', 1)))`;

/**
 * Job handler, every minute and after each fan-out: the "email at once" notifications due now, a
 * batch per transaction until none is left. Answers how many were emailed.
 */
export async function deliverNotificationEmails(baseUrl: string, now: Date = new Date()): Promise<number> {
  const { siteName } = await getSiteSettings();
  let emailed = 0;
  for (;;) {
    const batch = await transactionWithEmail(async (tx, queueEmail) => {
      const due = await claimDue(
        tx,
        sql`n.created_at <= ${now}::timestamptz - make_interval(secs => ${EMAIL_GRACE_SECONDS}) and n.created_at > ${now}::timestamptz - interval '1 day'
          and ${deliveryOf(sql`n.kind`)} = 'email' and not ${replyEmailedLately}`,
        EMAIL_BATCH,
      );
      for (const rows of groupBy(due, (row) => `${row.user_id}:${row.kind}`).values())
        await queueNotificationEmail(tx, queueEmail, rows, rows[0]!.kind, baseUrl, siteName);
      return due.length;
    });
    emailed += batch;
    if (batch < EMAIL_BATCH) return emailed;
  }
}

interface DigestContent {
  topics: { title: string; url: string }[];
  items: { title: string; url: string }[];
  events: { title: string; url: string; when: string }[];
}

/** What is new for her this week: topics in categories she may read, library items at her tier, coming events. */
async function weeklyContent(tx: Transaction, userId: number, since: Date, now: Date): Promise<DigestContent> {
  const u = sql`(select * from users where id = ${userId}) u`;
  const topics = await tx.execute<{ title: string; slug: string }>(sql`
    select t.title, t.slug from forum_topics t join forum_categories c on c.id = t.category_id, ${u}
    where t.created_at > ${since} and t.user_id <> ${userId} and ${memberOpensLevel("u", sql`c.required_membership_level`)}
      and not exists (select 1 from forum_blocks b where b.blocker_id = ${userId} and b.blocked_id = t.user_id)
    order by t.created_at desc limit 5`);
  const items = await tx.execute<{ title: string; slug: string }>(sql`
    select i.title, i.slug from content_items i left join content_categories c on c.id = i.category_id, ${u}
    where i.status = 'published' and i.published_at > ${since}
      and (i.is_public or ${memberOpensLevel("u", sql`i.required_membership_level`)})
      and (c.id is null or c.is_public or ${memberOpensLevel("u", sql`c.required_membership_level`)})
    order by i.published_at desc limit 5`);
  const events = await tx.execute<{ id: number; title: string; when: string }>(sql`
    select e.id, e.title, to_char(e.starts_at at time zone e.timezone, 'Mon FMDD, FMHH12:MI AM') as when from events e
    where e.status = 'scheduled' and e.starts_at > ${now}::timestamptz and e.starts_at < ${now}::timestamptz + interval '14 days'
    order by e.starts_at limit 5`);
  return {
    topics: topics.rows.map((t) => ({ title: t.title, url: `/forum/topic/${t.slug}` })),
    items: items.rows.map((i) => ({ title: i.title, url: `/library/item/${i.slug}` })),
    events: events.rows.map((e) => ({ title: e.title, url: `/events/${e.id}`, when: e.when })),
  };
}

/**
 * Job handler (daily at 07:00 UTC, weekly on Mondays): one digest email per member with her unread
 * notifications of the kinds she wants in this digest and, weekly, what is new in the community.
 * A member with nothing new gets no email. Answers how many digests were sent; `only` limits the run
 * to those members (an administrator's resend, the tests).
 */
export async function sendDigests(
  period: "daily" | "weekly",
  baseUrl: string,
  now: Date = new Date(),
  only?: number[],
): Promise<number> {
  const { siteName } = await getSiteSettings();
  const sentColumn = sql.raw(period === "daily" ? "daily_digest_sent_at" : "weekly_digest_sent_at");
  const span = period === "daily" ? sql`interval '1 day'` : sql`interval '7 days'`;
  let sent = 0;
  let afterId = 0;
  for (;;) {
    // Members in id order, a page at a time; each digest in its own transaction with its emails.
    const { rows: members } = await db.execute<{ id: number }>(sql`
      select u.id from users u left join notification_settings s on s.user_id = u.id
      where u.id > ${afterId} and ${activeMember("u")} ${only ? sql`and u.id = any(${`{${only.join(",")}}`}::int[])` : sql``}
        and (s.${sentColumn} is null or s.${sentColumn} < ${now}::timestamptz - ${span} + interval '1 hour')
      order by u.id limit 500`);
    if (!members.length) return sent;
    afterId = members[members.length - 1]!.id;
    for (const { id } of members) {
      const didSend = await transactionWithEmail(async (tx, queueEmail) => {
        const settings = await ensureNotificationSettings(id, tx);
        const since = new Date(now.getTime() - (period === "daily" ? 1 : 7) * 86_400_000);
        const due = await claimDue(
          tx,
          sql`n.user_id = ${id} and n.created_at > ${since} and ${deliveryOf(sql`n.kind`)} = ${period}`,
          100,
        );
        const content =
          period === "weekly" && settings.weeklyDigest
            ? await weeklyContent(tx, id, since, now)
            : { topics: [], items: [], events: [] };
        await tx.execute(sql`update notification_settings set ${sentColumn} = ${now} where user_id = ${id}`);
        if (!due.length && !content.topics.length && !content.items.length && !content.events.length) return false;
        const [who] = (
          await tx.execute<{ email: string; first_name: string }>(
            sql`select email, first_name from users where id = ${id}`,
          )
        ).rows;
        const { unsubscribeUrl, ...bulk } = bulkEmail({ member: id }, `digest-${period}`, baseUrl);
        const section = (heading: string, lines: string[]) =>
          lines.length ? [heading, ...lines.map((line) => `• ${line}`)] : [];
        const heading = period === "daily" ? "Your daily digest" : "Your week in the community";
        await queueEmail({
          to: who!.email,
          kind: `digest-${period}`,
          subject: `${heading} at ${siteName}`,
          ...bulk,
          ...renderEmail({
            siteName,
            heading,
            paragraphs: [
              `Hi ${who!.first_name},`,
              ...section(
                "For you:",
                due.map((row) => `${row.line}: ${baseUrl}${notificationLink(row.url)}`),
              ),
              ...section(
                "New in the forum:",
                content.topics.map((t) => `${t.title}: ${baseUrl}${t.url}`),
              ),
              ...section(
                "New in the library:",
                content.items.map((i) => `${i.title}: ${baseUrl}${i.url}`),
              ),
              ...section(
                "Coming up:",
                content.events.map((e) => `${e.title}, ${e.when}: ${baseUrl}${e.url}`),
              ),
            ],
            action: { label: "Open the community", url: `${baseUrl}/notifications` },
            footer: `Stop this digest: ${unsubscribeUrl} (or choose what you get at ${baseUrl}/notifications/settings).`,
          }),
        });
        return true;
      });
      if (didSend) sent++;
    }
  }
}
