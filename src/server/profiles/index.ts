import "server-only";
import { keysetPage } from "@/server/pagination";
import { actsAsAdmin } from "@/lib/auth/access";
import { and, asc, eq, gt, isNull, or, sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import { eventRsvps, events, membershipTiers, storedFiles, users } from "@/db/schema";
import { directoryName, memberSearchText } from "@/db/schema/users";
import type { ProfileVisibility } from "@/features/profiles/constants";
import { badRequest, notFound } from "@/lib/errors";
import { encodeCursor } from "@/lib/validation";
import type { SessionUser } from "@/lib/auth/session-user";
import { attachFile, deleteStoredFiles } from "@/server/storage";
import { fileIdFromUrl } from "@/features/storage/kinds";
import type { DirectoryQuery, ProfilePatch } from "@/features/profiles/schemas";
import type {
  DirectoryMember,
  DirectoryPage,
  OwnProfile,
  Profile,
  ProfileEvent,
  PublicProfile,
} from "@/features/profiles/types";
import { DATE_FORMAT } from "@/lib/format";
import { eventLocation, formatInZone } from "@/server/events";
import { levelOf, memberLevelColumn } from "@/server/levels";

const profileColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profilePicture: users.profilePicture,
  location: users.location,
  occupation: users.occupation,
  bio: users.bio,
  interests: users.interests,
  isMentor: users.isMentor,
  mentorTopics: users.mentorTopics,
  membershipLevel: users.membershipLevel,
  levelTitle: membershipTiers.title,
  memberSince: users.memberSince,
  createdAt: users.createdAt,
  isPartner: users.isPartner,
  locationVisibility: users.locationVisibility,
  occupationVisibility: users.occupationVisibility,
  bioVisibility: users.bioVisibility,
  hiddenFromDirectory: users.hiddenFromDirectory,
};

/** Whether the viewer sees a member's private fields: she herself, or an administrator. */
export const seesPrivateFields = (viewer: SessionUser, userId: number) => viewer.id === userId || actsAsAdmin(viewer);

const shown = (value: string | null, visibility: string) =>
  (visibility as ProfileVisibility) === "members" ? value || null : null;

/** Events she RSVPed to that have ended (events attended), counted, never stored. */
const eventsAttendedOf = (userId: SQL | number) =>
  sql<number>`(select count(*)::int from ${eventRsvps} join ${events} on ${events.id} = ${eventRsvps.eventId}
    where ${eventRsvps.userId} = ${userId} and ${eventRsvps.status} = 'going' and ${events.status} = 'scheduled'
    and coalesce(${events.endsAt}, ${events.startsAt}) < now())`;

/**
 * A member's profile as the viewer may see it (GET /api/users/{id} and /profile/{id}). Other members get
 * the public fields only, and her location, occupation and bio only where she shows them to members.
 * Birth data and reports are never selected here.
 */
export async function getProfile(viewer: SessionUser, userId: number): Promise<Profile> {
  const [row] = await db
    .select({ ...profileColumns, eventsAttended: eventsAttendedOf(userId), pointsLevel: memberLevelColumn(users.id) })
    .from(users)
    .leftJoin(membershipTiers, eq(membershipTiers.id, users.membershipLevel))
    .where(and(eq(users.id, userId), isNull(users.disabledAt), isNull(users.erasedAt)))
    .limit(1);
  if (!row) throw notFound("Member not found.");
  const joined = row.memberSince ? Number(row.memberSince.slice(0, 4)) : row.createdAt.getUTCFullYear();
  const own = seesPrivateFields(viewer, userId);
  const base: PublicProfile = {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    profilePicture: row.profilePicture,
    location: own ? row.location : shown(row.location, row.locationVisibility),
    occupation: own ? row.occupation : shown(row.occupation, row.occupationVisibility),
    bio: own ? row.bio : shown(row.bio, row.bioVisibility),
    interests: row.interests,
    isMentor: row.isMentor,
    mentorTopics: row.isMentor ? row.mentorTopics : [],
    membershipLevel: row.membershipLevel,
    levelTitle: row.levelTitle,
    pointsLevel: row.pointsLevel,
    joinedYear: joined,
    eventsAttended: row.eventsAttended,
  };
  if (!own) return base;
  const full: OwnProfile = {
    ...base,
    email: row.email,
    isPartner: row.isPartner,
    locationVisibility: row.locationVisibility as ProfileVisibility,
    occupationVisibility: row.occupationVisibility as ProfileVisibility,
    bioVisibility: row.bioVisibility as ProfileVisibility,
    hiddenFromDirectory: row.hiddenFromDirectory,
    standing: await levelOf(userId),
  };
  return full;
}

/**
 * Saves profile fields (the caller's access rule has made sure she is the owner or an administrator).
 * Mentor topics are kept only with Offer Mentorship on. An uploaded picture must be an avatar its owner
 * (or the acting administrator) uploaded; it becomes readable by members, and the one it replaces is removed.
 */
export async function updateProfile(viewer: SessionUser, userId: number, patch: ProfilePatch): Promise<Profile> {
  const changes: Partial<typeof users.$inferInsert> = { ...patch };
  for (const key of ["bio", "location", "occupation", "profilePicture"] as const) {
    if (patch[key] !== undefined) changes[key] = patch[key] || null;
  }
  const oldFileIds = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ profilePicture: users.profilePicture, isMentor: users.isMentor })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!current) throw notFound("Member not found.");
    if (!(patch.isMentor ?? current.isMentor)) changes.mentorTopics = [];
    const newFileId = fileIdFromUrl(patch.profilePicture);
    if (newFileId) {
      const [file] = await tx
        .select({ id: storedFiles.id, uploadedBy: storedFiles.uploadedBy })
        .from(storedFiles)
        .where(and(eq(storedFiles.id, newFileId), eq(storedFiles.purpose, "avatar"), isNull(storedFiles.deletedAt)))
        .limit(1);
      if (!file || (file.uploadedBy !== userId && file.uploadedBy !== viewer.id)) {
        throw badRequest("Please upload the picture again", { profilePicture: "Please upload the picture again" });
      }
      await attachFile(file.id, "members", null, tx);
    }
    await tx.update(users).set(changes).where(eq(users.id, userId));
    const oldFileId = patch.profilePicture !== undefined ? fileIdFromUrl(current.profilePicture) : null;
    return oldFileId && oldFileId !== newFileId ? [oldFileId] : [];
  });
  await deleteStoredFiles(oldFileIds);
  return getProfile(viewer, userId);
}

/** Her next events she said she is going to, then the next upcoming ones, `limit` in all (2). */
export async function profileEvents(userId: number, limit = 2): Promise<ProfileEvent[]> {
  const going = sql<boolean>`exists (select 1 from ${eventRsvps} where ${eventRsvps.eventId} = ${events.id} and ${eventRsvps.userId} = ${userId} and ${eventRsvps.status} = 'going')`;
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      imageUrl: events.imageUrl,
      startsAt: events.startsAt,
      timezone: events.timezone,
      locationName: events.locationName,
      address: events.address,
      onlineUrl: events.onlineUrl,
      going,
    })
    .from(events)
    .where(and(eq(events.status, "scheduled"), sql`coalesce(${events.endsAt}, ${events.startsAt}) >= now()`))
    .orderBy(sql`${going} desc`, asc(events.startsAt), asc(events.id))
    .limit(limit);
  return rows.map((e) => ({
    id: e.id,
    title: e.title,
    image: e.imageUrl,
    date: formatInZone(e.startsAt, e.timezone, DATE_FORMAT),
    location: eventLocation(e),
    going: e.going,
  }));
}

// --- The member directory ---------------------------------------------------------------------

/** Escapes LIKE's wildcards so a search for "100%" means the text. */
const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /api/members and /members: members who have not hidden themselves, by name, searched by name,
 * shown location, interests and mentor topics, with keyset pagination on (name, id).
 */
export async function listDirectory(query: DirectoryQuery): Promise<DirectoryPage> {
  const name = directoryName(users);
  const cursor = query.after;
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePicture: users.profilePicture,
      location: users.location,
      locationVisibility: users.locationVisibility,
      occupation: users.occupation,
      occupationVisibility: users.occupationVisibility,
      interests: users.interests,
      isMentor: users.isMentor,
      mentorTopics: users.mentorTopics,
      levelTitle: membershipTiers.title,
      pointsLevel: memberLevelColumn(users.id),
      sortName: sql<string>`${name}`,
    })
    .from(users)
    .leftJoin(membershipTiers, eq(membershipTiers.id, users.membershipLevel))
    .where(
      and(
        eq(users.hiddenFromDirectory, false),
        isNull(users.disabledAt),
        query.mentors ? eq(users.isMentor, true) : undefined,
        query.q ? sql`${memberSearchText(users)} like ${likePattern(query.q)}` : undefined,
        cursor ? or(gt(name, cursor[0]), and(eq(name, cursor[0]), gt(users.id, cursor[1]))) : undefined,
      ),
    )
    .orderBy(asc(name), asc(users.id))
    .limit(query.limit + 1);
  const { page, next } = keysetPage(rows, query.limit, (last) => encodeCursor([last.sortName, last.id]));
  const members: DirectoryMember[] = page.map((row) => ({
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    profilePicture: row.profilePicture,
    location: shown(row.location, row.locationVisibility),
    occupation: shown(row.occupation, row.occupationVisibility),
    interests: row.interests,
    isMentor: row.isMentor,
    mentorTopics: row.isMentor ? row.mentorTopics : [],
    levelTitle: row.levelTitle,
    pointsLevel: row.pointsLevel,
  }));
  return { members, next };
}
