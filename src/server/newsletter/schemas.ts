// zod/mini rather than zod: the newsletter form is on the home page, and the mini build keeps the
// validation the form shares with the handler to a few kilobytes of first-load JavaScript.
import { z } from "zod/mini";

const EMAIL_MESSAGE = "Please enter a valid email address";

// Spec 01 section 5: the newsletter email must be valid, message 'Please enter a valid email address'.
export const newsletterSubscribeSchema = z.object({
  email: z.pipe(z.string(EMAIL_MESSAGE).check(z.trim(), z.maxLength(254, EMAIL_MESSAGE)), z.email(EMAIL_MESSAGE)),
  /** Which form it came from (home, blog...), for the admin list. */
  source: z.optional(z.enum(["home", "blog", "footer"])),
});
export type NewsletterSubscribeInput = z.input<typeof newsletterSubscribeSchema>;

export const newsletterTokenSchema = z.object({ token: z.string().check(z.minLength(16), z.maxLength(200)) });
