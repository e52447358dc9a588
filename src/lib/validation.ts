import { z } from "zod";

/** An email address field: trimmed, then checked, with the spec's message. */
export function emailField(message = "Please enter a valid email address") {
  return z.string(message).trim().max(254, message).pipe(z.email(message));
}

/** A positive integer id from a route segment or a JSON body. */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
