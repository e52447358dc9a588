import { eq, sql } from "drizzle-orm";
import { hash } from "@node-rs/argon2";
import { cookMarkdown } from "@/lib/markdown/cook";
import type { Database, Transaction } from "../client";
import * as t from "../schema";
import { DEMO_BLOG_POSTS } from "./blog-posts";
import { seedDemoAudit } from "./demo-audit";
import { seedDemoCourses } from "./demo-courses";
import { seedDemoCourseCommunity } from "./demo-course-community";
import { seedDemoBankTransferMember, seedDemoBilling, seedDemoStripeRefusals } from "./demo-billing";
import { seedDemoNotifications } from "./demo-notifications";
import { demoEvents } from "./demo-events";
import { DEMO_FORUM_CATEGORIES, DEMO_FORUM_TOPICS } from "./demo-forum";
import { seedDemoLevels } from "./demo-levels";
import { readingMinutes } from "@/features/library/text";
import {
  DEMO_CONTENT_CATEGORIES,
  DEMO_CONTENT_ITEMS,
  DEMO_CONTENT_TAGS,
  DEMO_LIBRARY_BOOKMARKS,
  DEMO_LIBRARY_COMMENTS,
  DEMO_LIBRARY_FILES,
  DEMO_START_HERE_SLUG,
} from "./demo-library";
import { DEMO_COMMUNITY_MEMBERS, DEMO_PASSWORD, DEMO_USERS, MEMBER_JOINED_DAYS_AGO } from "./demo-users";
import { TIER_CATALOGUE } from "./tiers";

const DEMO_MARKER = "demo_seeded_at";
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

export async function isDemoSeeded(db: Database): Promise<boolean> {
  const rows = await db.select().from(t.siteSettings).where(eq(t.siteSettings.key, DEMO_MARKER)).limit(1);
  return rows.length > 0;
}

/**
 * Demo data that makes every screen of the specs non-empty. Runs once, in one transaction, on the
 * embedded database (or on request with `npm run db:seed`).
 */
export async function seedDemoData(db: Database): Promise<void> {
  const passwordHash = await hash(DEMO_PASSWORD, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
  await db.transaction(async (tx) => {
    const userIds = await seedUsers(tx, passwordHash);
    await seedPartnersAndApplications(tx, userIds);
    await seedDemoBilling(tx, userIds.member!);
    await seedDemoStripeRefusals(tx, userIds.member!);
    await seedDemoBankTransferMember(tx, userIds.mentor!, userIds.admin!);
    await seedEvents(tx, userIds);
    await seedForum(tx, userIds);
    await seedDemoLevels(tx, userIds, passwordHash);
    await seedLibrary(tx, userIds);
    await seedDemoCourses(tx, userIds.member!);
    await seedDemoCourseCommunity(tx, userIds);
    await seedBlogAndShowcase(tx, userIds);
    await seedMessages(tx, userIds);
    await seedDemoAudit(tx, userIds);
    await seedDemoNotifications(tx, userIds);
    await tx.insert(t.siteSettings).values({ key: DEMO_MARKER, value: new Date().toISOString() });
  });
}

type UserIds = Record<string, number>;

async function seedUsers(tx: Transaction, passwordHash: string): Promise<UserIds> {
  const people = [...DEMO_USERS, ...DEMO_COMMUNITY_MEMBERS.map((m) => ({ ...m, role: "member" }))];
  const rows = await tx
    .insert(t.users)
    .values(
      people.map(({ role: _role, ...person }) => ({
        ...person,
        passwordHash,
        isAdmin: person.isAdmin ?? false,
        isMentor: person.isMentor ?? false,
        isPartner: person.isPartner ?? false,
        mentorTopics: person.mentorTopics ?? [],
        permissions: person.permissions ?? {},
        // The admin list's "Joined" is the account's date: the day she became a member, not the day of the seed.
        createdAt: new Date(`${person.memberSince}T12:00:00Z`),
      })),
    )
    .returning({ id: t.users.id, username: t.users.username });
  return Object.fromEntries(rows.map((row) => [row.username, row.id]));
}

const priceOf = (tier: string) => TIER_CATALOGUE.find((x) => x.id === tier)!.monthlyPriceCents;

async function seedPartnersAndApplications(tx: Transaction, userIds: UserIds) {
  const [partner] = await tx
    .insert(t.partners)
    .values({ userId: userIds.partner!, partnerCode: "SOFIA15", referralCommission: "15%" })
    .returning();
  const admin = userIds.admin!;

  const applications = [
    {
      firstName: "Nia",
      lastName: "Thompson",
      email: "nia.thompson@example.com",
      phone: "+1 718 555 0142",
      membershipTier: "create",
      heardAbout: "A friend (Sofia)",
      whyJoin: "I want a creative community of womxn who take rest as seriously as ambition.",
      partnerCode: "SOFIA15",
      status: "pending",
      createdAt: daysAgo(1),
    },
    {
      firstName: "Chloe",
      lastName: "Dubois",
      email: "chloe.dubois@example.com",
      phone: "+33 6 12 34 56 78",
      membershipTier: "play",
      heardAbout: "Instagram",
      whyJoin: "I design retreats and would love to collaborate with other experience designers.",
      status: "pending",
      createdAt: daysAgo(2),
    },
    {
      firstName: "Grace",
      lastName: "Kim",
      email: "grace.kim@example.com",
      phone: "+1 415 555 0199",
      membershipTier: "connect",
      heardAbout: "A community event",
      whyJoin: "I came to the maker market and want to try the community before committing.",
      status: "pending",
      isTrial: true,
      createdAt: daysAgo(3),
    },
    {
      firstName: "Zoe",
      lastName: "Adams",
      email: "zoe.adams@example.com",
      phone: "+1 212 555 0110",
      membershipTier: "create",
      heardAbout: "Podcast interview",
      whyJoin: "I am starting a wellness practice and need peers who understand the journey.",
      status: "pending",
      createdAt: daysAgo(4),
    },
    {
      firstName: "Elena",
      lastName: "Rossi",
      email: "elena.rossi@example.com",
      phone: "+39 347 555 0123",
      membershipTier: "empower",
      heardAbout: "A friend (Sofia)",
      whyJoin: "I lead a design studio and want to grow as a leader among womxn who lead differently.",
      partnerCode: "SOFIA15",
      status: "approved",
      reviewNotes: "Wonderful fit for the leadership circle.",
      approvedAt: daysAgo(8),
      createdAt: daysAgo(12),
    },
    {
      firstName: "Jordan",
      lastName: "Lee",
      email: "member@example.com",
      phone: "+1 510 555 0175",
      membershipTier: "create",
      heardAbout: "Instagram",
      partnerCode: "SOFIA15",
      whyJoin: "I am an illustrator looking for collaborators and a community that feels like home.",
      status: "approved",
      reviewNotes: "",
      approvedAt: daysAgo(MEMBER_JOINED_DAYS_AGO),
      createdAt: daysAgo(MEMBER_JOINED_DAYS_AGO + 2),
      userId: userIds.member,
    },
    {
      firstName: "Hannah",
      lastName: "Wright",
      email: "hannah.wright@example.com",
      phone: "+44 7700 900123",
      membershipTier: "create",
      heardAbout: "Newsletter",
      partnerCode: "SOFIA15",
      whyJoin: "I love the events and want to be part of the community between them.",
      status: "approved",
      reviewNotes: "Refunded at her request within the guarantee.",
      approvedAt: daysAgo(20),
      createdAt: daysAgo(24),
    },
    {
      firstName: "Tara",
      lastName: "Quinn",
      email: "tara.quinn@example.com",
      phone: "+1 646 555 0155",
      membershipTier: "connect",
      heardAbout: "Search engine",
      whyJoin: "I want to promote my business to the members of the community.",
      status: "rejected",
      reviewNotes: "Looking for a marketing channel rather than a community.",
      rejectedAt: daysAgo(15),
      createdAt: daysAgo(18),
    },
  ] as const;

  const apps = await tx
    .insert(t.applications)
    .values(
      applications.map((a) => ({
        agreeTerms: true,
        isTrial: false,
        ...a,
        reviewedBy: a.status === "pending" ? null : admin,
      })),
    )
    .returning({ id: t.applications.id, email: t.applications.email, membershipTier: t.applications.membershipTier });
  const app = (email: string) => apps.find((a) => a.email === email)!;

  const card = (email: string, extra: Partial<typeof t.paymentTransactions.$inferInsert>, suffix: string) => {
    const a = app(email);
    return {
      applicationId: a.id,
      amount: priceOf(a.membershipTier),
      membershipTier: a.membershipTier,
      paymentMethod: "card",
      stripePaymentIntentId: `pi_demo_${suffix}`,
      demo: true,
      ...extra,
    };
  };
  const payments = await tx
    .insert(t.paymentTransactions)
    .values([
      // Paid outside Stripe: a demo card hold (pi_demo_*) exists in no Stripe account, so it could never be captured and Nia could not be approved.
      {
        applicationId: app("nia.thompson@example.com").id,
        amount: priceOf("create"),
        membershipTier: "create",
        paymentMethod: "manual",
        status: "completed",
        notes: "Paid by bank transfer before review.",
        createdBy: admin,
        completedAt: daysAgo(1),
        createdAt: daysAgo(1),
      },
      card(
        "zoe.adams@example.com",
        { status: "failed", notes: "Your card was declined.", failedAt: daysAgo(4), createdAt: daysAgo(4) },
        "zoe",
      ),
      {
        applicationId: app("chloe.dubois@example.com").id,
        amount: priceOf("play"),
        membershipTier: "play",
        paymentMethod: "manual",
        status: "pending",
        notes: "Paying by bank transfer.",
        createdBy: admin,
        createdAt: daysAgo(2),
      },
      card(
        "elena.rossi@example.com",
        { status: "completed", completedAt: daysAgo(8), createdAt: daysAgo(12) },
        "elena",
      ),
      card(
        "member@example.com",
        {
          status: "completed",
          userId: userIds.member,
          completedAt: daysAgo(MEMBER_JOINED_DAYS_AGO),
          createdAt: daysAgo(MEMBER_JOINED_DAYS_AGO + 2),
        },
        "jordan",
      ),
      card(
        "hannah.wright@example.com",
        {
          status: "refunded",
          notes: "Refunded in full within the 14-day guarantee.",
          completedAt: daysAgo(20),
          createdAt: daysAgo(24),
        },
        "hannah",
      ),
      card(
        "tara.quinn@example.com",
        {
          status: "canceled",
          notes: "Authorization released when the application was rejected.",
          createdAt: daysAgo(18),
        },
        "tara",
      ),
    ])
    .returning({ id: t.paymentTransactions.id, applicationId: t.paymentTransactions.applicationId });
  const hannahPayment = payments.find((p) => p.applicationId === app("hannah.wright@example.com").id)!;
  await tx.insert(t.paymentTransactions).values({
    applicationId: hannahPayment.applicationId,
    kind: "refund",
    refundOfId: hannahPayment.id,
    amount: priceOf("create"),
    membershipTier: "create",
    paymentMethod: "card",
    status: "completed",
    stripeRefundId: "re_demo_hannah",
    demo: true,
    notes: "Full refund",
    createdBy: admin,
    completedAt: daysAgo(18),
    createdAt: daysAgo(18),
  });
  // Sofia's referrals: Elena's commission waits out its 30 days, Jordan's was paid in a payout run,
  // Hannah's was cancelled when her payment was refunded.
  const paymentOf = (email: string) => payments.find((p) => p.applicationId === app(email).id)!.id;
  const commission = (email: string, tier: string, paidDaysAgo: number) => ({
    partnerId: partner!.id,
    applicationId: app(email).id,
    paymentTransactionId: paymentOf(email),
    amountCents: Math.round(priceOf(tier) * 0.15),
    rate: "15%",
    eligibleAt: new Date(daysAgo(paidDaysAgo).getTime() + 30 * DAY),
  });
  const [payout] = await tx
    .insert(t.affiliatePayouts)
    .values({
      createdBy: admin,
      commissionCount: 1,
      totalCents: Math.round(priceOf("create") * 0.15),
      createdAt: daysAgo(25),
    })
    .returning();
  await tx.insert(t.referralCommissions).values([
    { ...commission("elena.rossi@example.com", "empower", 8), status: "pending" },
    {
      ...commission("member@example.com", "create", MEMBER_JOINED_DAYS_AGO),
      status: "paid",
      paidAt: daysAgo(25),
      payoutId: payout!.id,
    },
    {
      ...commission("hannah.wright@example.com", "create", 20),
      status: "cancelled",
      cancelledAt: daysAgo(18),
      cancelReason: "The referred payment was refunded or reversed.",
    },
  ]);
  const visit = (days: number, visitor: string) => ({
    partnerId: partner!.id,
    visitorHash: `demo-${visitor}`,
    day: daysAgo(days).toISOString().slice(0, 10),
  });
  await tx
    .insert(t.partnerLinkVisits)
    .values([
      visit(1, "a"),
      visit(1, "b"),
      visit(3, "a"),
      visit(8, "c"),
      visit(12, "d"),
      visit(24, "e"),
      visit(72, "f"),
    ]);
}

async function seedEvents(tx: Transaction, userIds: UserIds) {
  const rows = await tx
    .insert(t.events)
    .values(demoEvents(new Date()).map((e) => ({ ...e, createdBy: e.source === "internal" ? userIds.admin : null })))
    .returning({ id: t.events.id, title: t.events.title });
  const event = (title: string) => rows.find((r) => r.title === title)!.id;
  const garden = event("Community Garden Morning");
  // Upcoming RSVPs fill My Events; past ones count as events attended on the profile.
  await tx.insert(t.eventRsvps).values([
    { eventId: garden, userId: userIds.member! },
    { eventId: garden, userId: userIds.mentor! },
    { eventId: event("Autumn Wellness Retreat"), userId: userIds.member! },
    { eventId: event("Autumn Wellness Retreat"), userId: userIds.mentor! },
    { eventId: event("Autumn Wellness Retreat"), userId: userIds.partner! },
    { eventId: event("Breathwork for Beginners"), userId: userIds.mentor! },
    { eventId: event("Breathwork for Beginners"), userId: userIds.amara! },
  ]);
  await tx.insert(t.eventInquiries).values({
    name: "Dana Whitfield",
    email: "dana@example.com",
    organization: "Brightside Studio",
    eventType: "Team building workshop",
    preferredDate: "Next spring",
    guestCount: 25,
    message: "We would love a creative team day for our design team, ideally with a wellness element.",
  });
}

async function seedForum(tx: Transaction, userIds: UserIds) {
  const categories = await tx
    .insert(t.forumCategories)
    .values(DEMO_FORUM_CATEGORIES.map((c, position) => ({ ...c, position })))
    // Introductions is made by a migration in every install: the demo's takes its place.
    .onConflictDoUpdate({
      target: t.forumCategories.slug,
      set: { name: sql`excluded.name`, description: sql`excluded.description`, position: sql`excluded.position` },
    })
    .returning({ id: t.forumCategories.id, slug: t.forumCategories.slug });
  for (const topic of DEMO_FORUM_TOPICS) {
    const created = daysAgo(topic.daysAgo);
    const [row] = await tx
      .insert(t.forumTopics)
      .values({
        title: topic.title,
        slug: topic.slug,
        content: topic.content,
        contentHtml: cookMarkdown(topic.content),
        userId: userIds[topic.author]!,
        categoryId: categories.find((c) => c.slug === topic.category)!.id,
        views: topic.views,
        isPinned: topic.isPinned ?? false,
        isLocked: topic.isLocked ?? false,
        createdAt: created,
        lastPostAt: new Date(created.getTime() + topic.replies.length * 3600_000),
      })
      .returning({ id: t.forumTopics.id });
    for (const [index, reply] of topic.replies.entries()) {
      const [post] = await tx
        .insert(t.forumPosts)
        .values({
          topicId: row!.id,
          userId: userIds[reply.author]!,
          content: reply.content,
          contentHtml: cookMarkdown(reply.content),
          isEdited: reply.edited ?? false,
          editedAt: reply.edited ? new Date(created.getTime() + (index + 2) * 3600_000) : null,
          createdAt: new Date(created.getTime() + (index + 1) * 3600_000),
        })
        .returning({ id: t.forumPosts.id });
      if (reply.reactions?.length) {
        await tx
          .insert(t.forumReactions)
          .values(reply.reactions.map((r) => ({ postId: post!.id, userId: userIds[r.user]!, reactionType: r.type })));
      }
      if (reply.reports?.length) {
        await tx
          .insert(t.forumReports)
          .values(reply.reports.map((r) => ({ postId: post!.id, reporterId: userIds[r.user]!, reason: r.reason })));
        if (reply.reports.length >= 3)
          await tx.update(t.forumPosts).set({ status: "hidden" }).where(eq(t.forumPosts.id, post!.id));
      }
    }
  }
}

async function seedLibrary(tx: Transaction, userIds: UserIds) {
  const categories = await tx
    .insert(t.contentCategories)
    .values(DEMO_CONTENT_CATEGORIES.map((c, position) => ({ ...c, position })))
    .returning({ id: t.contentCategories.id, slug: t.contentCategories.slug });
  const tags = await tx.insert(t.contentTags).values(DEMO_CONTENT_TAGS).returning();
  const files = await tx
    .insert(t.storedFiles)
    .values(
      DEMO_LIBRARY_FILES.map((file) => ({
        key: file.key,
        purpose: "library-pdf",
        contentType: file.contentType,
        sizeBytes: file.bytes().length,
        originalName: file.originalName,
        uploadedBy: userIds.admin!,
        access: "gated",
        gateKind: "library-item",
      })),
    )
    .returning({ id: t.storedFiles.id, key: t.storedFiles.key });

  const itemIds: Record<string, number> = {};
  for (const {
    category,
    tags: tagSlugs,
    daysAgo: age,
    author,
    attachmentFile,
    content = "",
    ...item
  } of DEMO_CONTENT_ITEMS) {
    const file = files.find((f) => f.key === attachmentFile);
    const [row] = await tx
      .insert(t.contentItems)
      .values({
        ...item,
        content,
        readingMinutes: item.contentType === "article" ? readingMinutes(content) : null,
        attachmentUrl: file ? `/api/files/${file.id}` : null,
        categoryId: categories.find((c) => c.slug === category)!.id,
        authorId: userIds[author]!,
        publishedAt: age === null ? null : daysAgo(age),
      })
      .returning({ id: t.contentItems.id });
    itemIds[item.slug] = row!.id;
    if (file) await tx.update(t.storedFiles).set({ gateId: row!.id }).where(eq(t.storedFiles.id, file.id));
    await tx
      .insert(t.contentItemTags)
      .values(tagSlugs.map((slug) => ({ contentId: row!.id, tagId: tags.find((tag) => tag.slug === slug)!.id })));
  }
  // The start-here item of a new member's first steps, as an administrator would choose it.
  await tx
    .insert(t.siteSettings)
    .values({ key: "startHereItemId", value: itemIds[DEMO_START_HERE_SLUG]! })
    .onConflictDoUpdate({ target: t.siteSettings.key, set: { value: sql`excluded.value` } });
  await tx
    .insert(t.contentBookmarks)
    .values(DEMO_LIBRARY_BOOKMARKS.map((b) => ({ userId: userIds[b.username]!, contentId: itemIds[b.slug]! })));
  await tx.insert(t.contentComments).values(
    DEMO_LIBRARY_COMMENTS.map((c) => ({
      userId: userIds[c.username]!,
      contentId: itemIds[c.slug]!,
      comment: c.comment,
      createdAt: new Date(Date.now() - c.hoursAgo * 3600_000),
    })),
  );
}

async function seedBlogAndShowcase(tx: Transaction, userIds: UserIds) {
  const usernameByName = new Map(DEMO_USERS.map((u) => [`${u.firstName} ${u.lastName}`, u.username]));
  await tx.insert(t.blogPosts).values(
    DEMO_BLOG_POSTS.map(({ daysAgo: age, ...post }) => ({
      ...post,
      authorId: userIds[usernameByName.get(post.authorName) ?? ""] ?? null,
      status: "published",
      publishedAt: daysAgo(age),
      createdAt: daysAgo(age),
    })),
  );
  await tx.insert(t.testimonials).values([
    {
      quote: "I came for the events and stayed for the womxn. This community changed how I work and how I rest.",
      name: "Amara N.",
      title: "Muralist, member since 2024",
      image: "/images/studio.svg",
      position: 0,
    },
    {
      quote: "The leadership incubator gave me the courage to raise my prices and hire my first employee.",
      name: "Elena R.",
      title: "Founder, design studio",
      image: "/images/stage.svg",
      position: 1,
    },
    {
      quote: "Every event feels like coming home. I have found collaborators, friends and a mentor here.",
      name: "Jordan L.",
      title: "Illustrator",
      image: "/images/circle.svg",
      position: 2,
    },
  ]);
  const tiles = ["gathering", "workshop", "retreat", "salon", "sunrise", "garden"];
  await tx.insert(t.photoTiles).values(
    // No link of their own: they link to the photo profile once an administrator sets it in the site settings.
    tiles.map((name, position) => ({
      imageUrl: `/images/${name}.svg`,
      link: "",
      alt: `Community ${name} photo`,
      position,
    })),
  );
}

async function seedMessages(tx: Transaction, userIds: UserIds) {
  await tx.insert(t.newsletterSubscribers).values([
    {
      email: "reader.one@example.com",
      status: "confirmed",
      unsubscribeToken: "demo-unsubscribe-token-reader-one-0001",
      confirmedAt: daysAgo(30),
      source: "home",
    },
    {
      email: "reader.two@example.com",
      status: "pending",
      unsubscribeToken: "demo-unsubscribe-token-reader-two-0002",
      source: "blog",
    },
    {
      email: "reader.three@example.com",
      status: "unsubscribed",
      unsubscribeToken: "demo-unsubscribe-token-reader-three-003",
      confirmedAt: daysAgo(90),
      unsubscribedAt: daysAgo(10),
      source: "home",
    },
  ]);
  await tx.insert(t.contactMessages).values({
    name: "Rosa Delgado",
    email: "rosa@example.com",
    subject: "Partnership question",
    message: "Hello! I run a womxn-led tea company and would love to talk about a retreat partnership.",
    source: "contact",
    // Demo data: the administrators are not emailed about it.
    notifiedAt: new Date(),
  });
  await tx.insert(t.mentorshipRequests).values({
    mentorId: userIds.mentor!,
    requesterId: userIds.member!,
    topic: "Public speaking",
    message: "I have my first conference talk in the spring and would love some guidance.",
  });
}
