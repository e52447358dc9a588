import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { users } from "@/db/schema";

/**
 * The addresses of the administrators who are told of what arrives for them (a new application, a
 * contact message, a private event inquiry): every admin whose account is not disabled, oldest first.
 * A disabled admin has lost her access, so she is no longer sent what only admins may read.
 */
export async function adminRecipients(executor: Executor = db): Promise<string[]> {
  const admins = await executor
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.disabledAt)))
    .orderBy(asc(users.id));
  return admins.map((admin) => admin.email);
}
