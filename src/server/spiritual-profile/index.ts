import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/db";
import { users } from "@/db/schema";
import { badRequest, forbidden, notFound } from "@/lib/errors";
import { parseUtcOffset, pickReading, readingWithOffset, resolveBirthTime, type UtcReading } from "@/server/charts";
import { placeById } from "@/server/places";
import type { SessionUser } from "@/lib/auth/session-user";
import { sealFor, unsealFor } from "@/server/sealing";
import { buildAstrologyReport, buildGeneKeyReport, buildHumanDesignReport } from "./reports";
import type { BirthDataInput, ReportKind } from "@/features/spiritual-profile/schemas";
import type { Report, SpiritualProfile, StoredBirthData } from "@/features/spiritual-profile/types";

/**
 * Birth data and reports belong to their owner alone: not even an administrator may read or change them
 * (docs/decisions/008-spiritual-profile.md). Every function here takes the signed-in user and the target id.
 */
function assertOwner(viewer: SessionUser, userId: number) {
  if (viewer.id !== userId) throw forbidden("Only you can see or change your birth data and reports.");
}

const COLUMN = {
  astrology: "astrologyReport",
  "gene-key": "geneKeyReport",
  "human-design": "humanDesignReport",
} as const;

/** Reports are stored encrypted too: they reveal the birth moment (an Ascendant pins the time to minutes). */
type SealedReport = { sealed: string };

export async function getSpiritualProfile(viewer: SessionUser, userId: number): Promise<SpiritualProfile> {
  assertOwner(viewer, userId);
  const [row] = await db
    .select({
      birth: users.birthDataEncrypted,
      astrology: users.astrologyReport,
      geneKey: users.geneKeyReport,
      humanDesign: users.humanDesignReport,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  const open = (value: unknown) =>
    value && typeof value === "object" && "sealed" in value
      ? unsealFor<Report>("birth-data", userId, (value as SealedReport).sealed)
      : null;
  return {
    birthData: row.birth ? unsealFor<StoredBirthData>("birth-data", userId, row.birth) : null,
    reports: { astrology: open(row.astrology), "gene-key": open(row.geneKey), "human-design": open(row.humanDesign) },
  };
}

const formatOffset = (minutes: number) => {
  const sign = minutes < 0 ? "−" : "+";
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(Math.round(abs % 60)).padStart(2, "0")}`;
};

/** Validates the place and the local time, then stores the birth data encrypted. Old reports are cleared. */
export async function saveBirthData(
  viewer: SessionUser,
  userId: number,
  input: BirthDataInput,
): Promise<StoredBirthData> {
  assertOwner(viewer, userId);
  const place = await placeById(input.placeId);
  if (!place)
    throw badRequest("Please choose your birth location from the list", {
      birthLocation: "Please choose your birth location from the list",
    });
  const resolution = resolveBirthTime({
    date: input.birthDate,
    time: input.birthTime,
    timeZone: place.timeZone,
    longitude: place.longitude,
  });
  const manual = input.utcOffset
    ? readingWithOffset(input.birthDate, input.birthTime, parseUtcOffset(input.utcOffset))
    : null;
  const reading: UtcReading | null = manual ?? pickReading(resolution, input.timeChoice);
  if (!reading) {
    const r = resolution as Exclude<typeof resolution, { status: "ok" }>;
    const what =
      r.status === "fold"
        ? "happened twice there (the clocks went back)"
        : "did not exist there (the clocks went forward)";
    const message = `${input.birthTime} on ${input.birthDate} ${what}. Please choose: earlier (${formatOffset(r.earlier.offsetMinutes)}) or later (${formatOffset(r.later.offsetMinutes)}).`;
    throw badRequest(message, { timeChoice: message });
  }
  const stored: StoredBirthData = {
    birthDate: input.birthDate,
    birthTime: input.birthTime,
    place,
    ...(resolution.status === "ok" || manual ? {} : { timeChoice: input.timeChoice }),
    utc: reading.utc.toISOString(),
    offsetMinutes: reading.offsetMinutes,
    offsetKind: reading.kind,
  };
  const updated = await db
    .update(users)
    .set({
      birthDataEncrypted: sealFor("birth-data", userId, stored),
      astrologyReport: null,
      geneKeyReport: null,
      humanDesignReport: null,
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (updated.length === 0) throw notFound();
  return stored;
}

/** Deletes the birth data and every report computed from it. */
export async function deleteBirthData(viewer: SessionUser, userId: number): Promise<void> {
  assertOwner(viewer, userId);
  await db
    .update(users)
    .set({ birthDataEncrypted: null, astrologyReport: null, geneKeyReport: null, humanDesignReport: null })
    .where(eq(users.id, userId));
}

const BUILDERS = {
  astrology: buildAstrologyReport,
  "gene-key": buildGeneKeyReport,
  "human-design": buildHumanDesignReport,
} as const;

/** Computes a report from the member's stored birth data, stores it (encrypted) and returns it. */
export async function generateReport(viewer: SessionUser, kind: ReportKind): Promise<Report> {
  const [row] = await db.select({ birth: users.birthDataEncrypted }).from(users).where(eq(users.id, viewer.id));
  if (!row?.birth) throw badRequest("Please save your birth data first", { birthDate: "Birth date is required" });
  const birth = unsealFor<StoredBirthData>("birth-data", viewer.id, row.birth);
  const report = BUILDERS[kind](birth);
  const sealed: SealedReport = { sealed: sealFor("birth-data", viewer.id, report) };
  await db
    .update(users)
    .set({ [COLUMN[kind]]: sealed })
    .where(eq(users.id, viewer.id));
  return report;
}
