import { z, emailField } from "@/lib/validation";

// The newsletter email must be valid, message 'Please enter a valid email address'.
export const newsletterSubscribeSchema = z.object({
  email: emailField(),
  /** Which form it came from (home, blog...), for the admin list. */
  source: z.enum(["home", "blog", "footer"]).optional(),
});
export type NewsletterSubscribeInput = z.input<typeof newsletterSubscribeSchema>;

export const newsletterTokenSchema = z.object({ token: z.string().min(16).max(200) });
