import type { Place } from "@/server/places";
import type { TimeChoice, UtcReading } from "@/server/charts/time";

/** What is encrypted in users.birth_data_encrypted. */
export interface StoredBirthData {
  birthDate: string;
  birthTime: string;
  place: Place;
  timeChoice?: TimeChoice;
  /** The instant used for the charts, and how it was read from the local time. */
  utc: string;
  offsetMinutes: number;
  offsetKind: UtcReading["kind"];
}
