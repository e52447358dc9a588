import { z } from "@/lib/validation";
import { PASSWORD_MAX } from "@/features/auth/constants";

/** POST /api/users/{id}/deletion: her password confirms that she wants her account deleted. */
export const deletionRequestSchema = z.object({
  password: z.string().min(1, "Please enter your password").max(PASSWORD_MAX),
});
export type DeletionRequestInput = z.infer<typeof deletionRequestSchema>;
