import { z } from "@/lib/validation";
import { partnerDashboardSchema, partnerRecordSchema } from "@/features/affiliate/types";
import { applicationReceivedSchema } from "@/features/applications/types";
import {
  chatAnswerSchema,
  chatHistoryDeletedSchema,
  chatHistorySchema,
  chatStreamEventSchema,
} from "@/features/assistant/types";
import {
  activeSessionSchema,
  currentUserSchema,
  recoveryCodesSchema,
  twoFactorSetupSchema,
} from "@/features/auth/types";
import {
  cancellationSchema,
  cardSavedSchema,
  cardSetupSchema,
  memberBillingSchema,
  tierChangeSchema,
  upgradePreviewSchema,
} from "@/features/billing/types";
import {
  eventJoinLinkSchema,
  eventViewerPartSchema,
  publicEventSchema,
  rsvpCancelledSchema,
  rsvpGoingSchema,
} from "@/features/events/types";
import {
  blockAnswerSchema,
  blockedMemberSchema,
  createdReplySchema,
  createdTopicSchema,
  deletedReplySchema,
  editedReplySchema,
  forumCategorySchema,
  forumPreferencesSchema,
  reactionAnswerSchema,
  replyPageSchema,
  reportAnswerSchema,
  searchHitSchema,
  topicDetailSchema,
  topicPageSchema,
  topicViewSchema,
} from "@/features/forum/types";
import { leaderboardSchema } from "@/features/levels/schemas";
import { searchResultsSchema, visitorSearchResultsSchema } from "@/features/search/types";
import {
  bookmarkStatusSchema,
  itemViewSchema,
  libraryCardSchema,
  libraryCategorySchema,
  libraryCommentSchema,
  libraryItemSchema,
  libraryTagSchema,
} from "@/features/library/types";
import {
  courseCardSchema,
  courseLessonSchema,
  courseOutlineSchema,
  courseProgressSchema,
  lessonCommentSchema,
} from "@/features/courses/types";
import { videoPositionAnswerSchema } from "@/features/courses/lesson-media";
import { lessonQuizSchema, quizAttemptResultSchema } from "@/features/courses/quiz-types";
import { membersHomeSchema } from "@/features/home/types";
import { decidedRequestSchema, receivedRequestSchema, sentRequestSchema } from "@/features/mentorship/types";
import {
  conversationClosedSchema,
  conversationListSchema,
  conversationPageSchema,
  messageReportedSchema,
  recipientListSchema,
  messageSettingsSchema,
  sentMessageSchema,
  unreadMessagesSchema,
} from "@/features/messages/types";
import { applicationPaymentIntentSchema, memberPaymentSchema } from "@/features/money/types";
import {
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationViewSchema,
  unreadCountSchema,
  unreadCountsSchema,
} from "@/features/notifications/types";
import { placeListSchema } from "@/features/places/types";
import {
  directoryPageSchema,
  memberProfileScreenSchema,
  ownProfileScreenSchema,
  ownProfileSchema,
  publicProfileSchema,
} from "@/features/profiles/types";
import { pushKeySchema } from "@/features/push/types";
import { reportSchema, spiritualProfileSchema, storedBirthDataSchema } from "@/features/spiritual-profile/types";
import { uploadedFileSchema } from "@/features/storage/types";
import { messageAnswerSchema, okAnswerSchema } from "./json";

/**
 * What each call answers each audience: a strict type per audience, never a table
 * row. tests/integration/response-types.test.ts walks every member-facing and visitor-facing call as
 * the member it concerns ("owner"), another member ("member") and a visitor, and fails on a field
 * outside the declared type, on a call with no declaration, and on a declaration nobody was answered
 * with. Administrators' own calls (/api/admin, /api/applications, /api/payment-transactions) answer
 * them in full and are not declared here.
 */
export type Audience = "visitor" | "member" | "owner";

/** A JSON answer's schema, or an answer that is not JSON. */
export type AnswerShape =
  | z.ZodType
  | { kind: "file" }
  | { kind: "empty" }
  | { kind: "ndjson"; line: z.ZodType }
  | { kind: "event-stream"; events: Record<string, z.ZodType> };

/** What a call answers a visitor, any signed-in member, and the member whose own record it is (when that differs). */
export interface DeclaredAnswer {
  visitor?: AnswerShape;
  member?: AnswerShape;
  owner?: AnswerShape;
}

/** Every refusal: a message, and a message per field for invalid input. */
export const errorAnswerSchema = z.strictObject({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

const file = { kind: "file" } as const;
const empty = { kind: "empty" } as const;
/** The same answer to a visitor and a member. */
const anyone = (shape: AnswerShape): DeclaredAnswer => ({ visitor: shape, member: shape });
/** Members only (a visitor is refused with 401). */
const members = (shape: AnswerShape): DeclaredAnswer => ({ member: shape });
/** Only the member the path names (another member is refused with 403 or 404). */
const herOwn = (shape: AnswerShape): DeclaredAnswer => ({ owner: shape });

export const API_RESPONSES = {
  // Applying, joining, paying (visitors)
  "POST /api/applications/submit": anyone(applicationReceivedSchema),
  "POST /api/invitations/accept": anyone(currentUserSchema),
  "POST /api/create-payment-intent": anyone(applicationPaymentIntentSchema),

  // Signing in and her account
  "POST /api/auth/login": anyone(currentUserSchema),
  "POST /api/auth/logout": anyone(okAnswerSchema),
  "POST /api/auth/forgot-password": anyone(messageAnswerSchema),
  "POST /api/auth/reset-password": anyone(messageAnswerSchema),
  "GET /api/auth/me": members(currentUserSchema),
  "GET /api/auth/sessions": members(z.array(activeSessionSchema)),
  "DELETE /api/auth/sessions/[id]": members(okAnswerSchema),
  "POST /api/auth/two-factor/setup": members(twoFactorSetupSchema),
  "POST /api/auth/two-factor/confirm": members(recoveryCodesSchema),
  "POST /api/auth/two-factor/disable": members(okAnswerSchema),
  "POST /api/auth/password": members(messageAnswerSchema),
  "POST /api/auth/email-change": members(messageAnswerSchema),
  "POST /api/auth/email-change/confirm": anyone(messageAnswerSchema),

  // The assistant
  "POST /api/chatbot/message": anyone(chatAnswerSchema),
  "POST /api/chatbot/message/stream": anyone({ kind: "ndjson", line: chatStreamEventSchema }),
  "GET /api/chatbot/history": members(chatHistorySchema),
  "DELETE /api/chatbot/history": members(chatHistoryDeletedSchema),

  // Forms of the public site
  "POST /api/contact": anyone(messageAnswerSchema),
  "POST /api/newsletter/subscribe": anyone(messageAnswerSchema),
  "POST /api/newsletter/confirm": anyone(messageAnswerSchema),
  "POST /api/newsletter/unsubscribe": anyone(messageAnswerSchema),
  "POST /api/unsubscribe/[token]": anyone(messageAnswerSchema),
  "POST /api/events/inquiries": anyone(messageAnswerSchema),

  // Events
  "GET /api/events": anyone(z.array(publicEventSchema)),
  "GET /api/luma/events": anyone(z.array(publicEventSchema)),
  "GET /api/events/[id]/ics": anyone(file),
  "GET /api/events/calendar.ics": anyone(file),
  "GET /api/events/[id]/join-link": anyone(eventJoinLinkSchema),
  "GET /api/events/[id]/rsvp": members(eventViewerPartSchema),
  "POST /api/events/[id]/rsvp": members(rsvpGoingSchema),
  "DELETE /api/events/[id]/rsvp": members(rsvpCancelledSchema),

  // Files
  "GET /api/files/[id]": members(file),
  "POST /api/uploads/[purpose]": members(uploadedFileSchema),

  // The library
  "GET /api/content/items": members(z.array(libraryCardSchema)),
  "GET /api/content/items/[item]": members(libraryItemSchema),
  "GET /api/content/items/[item]/related": members(z.array(libraryCardSchema)),
  "GET /api/content/items/[item]/tags": members(z.array(libraryTagSchema)),
  "POST /api/content/items/[item]/view": members(itemViewSchema),
  "GET /api/content/categories": members(z.array(libraryCategorySchema)),
  "GET /api/content/categories/[slug]": members(libraryCategorySchema),
  "GET /api/content/categories/[slug]/tags": members(z.array(libraryTagSchema)),
  "GET /api/content/tags": members(z.array(libraryTagSchema)),
  "GET /api/content/tags/[slug]": members(libraryTagSchema),
  "GET /api/content/comments": members(z.array(libraryCommentSchema)),
  "POST /api/content/comments": members(libraryCommentSchema),
  "DELETE /api/content/comments/[id]": herOwn(okAnswerSchema),
  "GET /api/content/bookmarks": members(z.array(libraryCardSchema)),
  "POST /api/content/bookmarks": members(bookmarkStatusSchema),
  "GET /api/content/bookmarks/[contentId]/status": members(bookmarkStatusSchema),
  "DELETE /api/content/bookmarks/[contentId]": members(bookmarkStatusSchema),

  // Courses
  "GET /api/courses": members(z.array(courseCardSchema)),
  "GET /api/courses/[slug]": members(courseOutlineSchema),
  "POST /api/courses/[slug]/start": members(courseProgressSchema),
  "GET /api/courses/[slug]/lessons/[lesson]": members(courseLessonSchema),
  "POST /api/courses/[slug]/lessons/[lesson]/complete": members(courseProgressSchema),
  "PUT /api/courses/[slug]/lessons/[lesson]/position": members(videoPositionAnswerSchema),
  "GET /api/courses/[slug]/lessons/[lesson]/quiz": members(lessonQuizSchema),
  "POST /api/courses/[slug]/lessons/[lesson]/quiz/attempts": members(quizAttemptResultSchema),
  "GET /api/courses/[slug]/lessons/[lesson]/comments": members(z.array(lessonCommentSchema)),
  "POST /api/courses/[slug]/lessons/[lesson]/comments": members(lessonCommentSchema),

  // The forum
  "GET /api/forum/categories": members(z.array(forumCategorySchema)),
  "GET /api/forum/categories/[slug]": members(forumCategorySchema),
  "GET /api/forum/topics": members(topicPageSchema),
  "POST /api/forum/topics": members(createdTopicSchema),
  "GET /api/forum/topics/slug/[slug]": members(topicDetailSchema),
  "GET /api/forum/topics/[id]/posts": members(replyPageSchema),
  "POST /api/forum/topics/[id]/view": members(topicViewSchema),
  "POST /api/forum/posts": members(createdReplySchema),
  "PATCH /api/forum/posts/[id]": herOwn(editedReplySchema),
  "DELETE /api/forum/posts/[id]": herOwn(deletedReplySchema),
  "POST /api/forum/posts/[id]/report": members(reportAnswerSchema),
  "POST /api/forum/reactions": members(reactionAnswerSchema),
  "GET /api/forum/search": members(z.array(searchHitSchema)),
  "GET /api/forum/preferences": members(forumPreferencesSchema),
  "PUT /api/forum/preferences": members(forumPreferencesSchema),
  "GET /api/forum/blocks": members(z.array(blockedMemberSchema)),
  "POST /api/forum/blocks": members(blockAnswerSchema),
  "DELETE /api/forum/blocks/[userId]": members(blockAnswerSchema),
  "POST /api/forum/unsubscribe": anyone(messageAnswerSchema),

  // Profiles, the directory, mentorship
  "GET /api/users/[id]": { member: publicProfileSchema, owner: ownProfileSchema },
  "GET /api/users/[id]/profile-screen": { member: memberProfileScreenSchema, owner: ownProfileScreenSchema },
  "PATCH /api/users/[id]": herOwn(
    z.union([ownProfileSchema, currentUserSchema.extend({ birthData: storedBirthDataSchema })]),
  ),
  "GET /api/members": members(directoryPageSchema),
  "GET /api/home": members(membersHomeSchema),
  "POST /api/onboarding/hide": members(okAnswerSchema),
  "GET /api/search": { visitor: visitorSearchResultsSchema, member: searchResultsSchema },
  "GET /api/places": members(placeListSchema),
  "POST /api/users/[id]/mentorship-requests": members(sentRequestSchema),
  "GET /api/users/[id]/mentorship-requests": herOwn(z.array(receivedRequestSchema)),
  "PATCH /api/mentorship-requests/[id]": herOwn(decidedRequestSchema),

  // Direct messages
  "GET /api/messages": members(conversationListSchema),
  "POST /api/messages": members(sentMessageSchema),
  "GET /api/messages/[conversationId]": members(conversationPageSchema),
  "POST /api/messages/[conversationId]/read": members(unreadMessagesSchema),
  "POST /api/messages/[conversationId]/close": members(conversationClosedSchema),
  "GET /api/messages/recipients": members(recipientListSchema),
  "POST /api/messages/reports": herOwn(messageReportedSchema),
  "GET /api/messages/settings": members(messageSettingsSchema),
  "PUT /api/messages/settings": members(messageSettingsSchema),

  // Notifications and the phone
  "GET /api/notifications": members(notificationPageSchema),
  "POST /api/notifications/read": members(unreadCountSchema),
  "GET /api/notifications/preferences": members(notificationPreferencesSchema),
  "PUT /api/notifications/preferences": members(notificationPreferencesSchema),
  "GET /api/notifications/stream": members({
    kind: "event-stream",
    events: { notification: notificationViewSchema, unread: unreadCountsSchema },
  }),
  "POST /api/notifications/unsubscribe": anyone(okAnswerSchema),
  "GET /api/push/key": anyone(pushKeySchema),
  "POST /api/push/subscriptions": members(okAnswerSchema),
  "DELETE /api/push/subscriptions": members(okAnswerSchema),

  // The affiliate programme
  "GET /api/partners/[id]": herOwn(partnerDashboardSchema),
  "POST /api/partners/send-registration-email": herOwn(okAnswerSchema),
  // Points and levels
  "GET /api/leaderboard": members(leaderboardSchema),

  "POST /api/partners/accept": herOwn(partnerRecordSchema),
  "POST /api/partners/visits": anyone(empty),

  // Her payments and billing (an administrator's view of the same billing is adminBillingSchema)
  "GET /api/users/[id]/payment-transactions": herOwn(z.array(memberPaymentSchema)),
  "GET /api/users/[id]/billing": herOwn(memberBillingSchema),
  "POST /api/users/[id]/billing/preview": herOwn(upgradePreviewSchema),
  "POST /api/users/[id]/billing/tier": herOwn(tierChangeSchema),
  "POST /api/users/[id]/billing/cancel": herOwn(cancellationSchema),
  "POST /api/users/[id]/billing/resume": herOwn(okAnswerSchema),
  "POST /api/users/[id]/billing/setup-intent": herOwn(cardSetupSchema),
  "POST /api/users/[id]/billing/payment-method": herOwn(cardSavedSchema),

  // Her spiritual profile and her data
  "GET /api/users/[id]/spiritual-profile": herOwn(spiritualProfileSchema),
  "POST /api/profile/astrology": members(reportSchema),
  "POST /api/profile/gene-key": members(reportSchema),
  "POST /api/profile/human-design": members(reportSchema),
  "DELETE /api/users/[id]/birth-data": herOwn(okAnswerSchema),
  "GET /api/users/[id]/data-export": herOwn(file),
  "POST /api/users/[id]/deletion": herOwn(z.strictObject({ erasesAt: z.iso.datetime({ offset: true }) })),

  // The load balancer's check (not an apiRoute handler)
  "GET /api/health": anyone(
    z.union([
      z.strictObject({ ok: z.literal(true), ready: z.literal(true) }),
      z.strictObject({ ok: z.literal(false), ready: z.boolean(), error: z.string() }),
    ]),
  ),
} satisfies Record<string, DeclaredAnswer>;
