import { z } from "@/lib/validation";

// The pieces every answer's type is made of, as JSON carries them.

/** An instant as JSON writes a Date: "2026-11-27T00:27:19.263Z". */
export const isoDateTime = z.iso.datetime({ offset: true });
/** A calendar day: "2026-11-27". */
export const isoDate = z.iso.date();
export const id = z.number().int().positive();

export const okAnswerSchema = z.strictObject({ ok: z.literal(true) });
/** A sentence to show her (a form's thank-you, a link's outcome). */
export const messageAnswerSchema = z.strictObject({ message: z.string() });
