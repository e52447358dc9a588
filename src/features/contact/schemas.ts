import { z, emailField } from "@/lib/validation";

export const contactMessageSchema = z.object({
  name: z.string().trim().min(2, "Please enter your name").max(100, "Your name must be at most 100 characters"),
  email: emailField(undefined, { missing: "Email is required." }),
  subject: z.string().trim().min(2, "Please enter a subject").max(150, "The subject must be at most 150 characters"),
  message: z
    .string()
    .trim()
    .min(10, "Please write a message of at least 10 characters")
    .max(5000, "The message must be at most 5000 characters"),
  source: z.enum(["faq", "contact"]),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
