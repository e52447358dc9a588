// GET /api/admin/outbox - the email outbox, newest first, optionally by status (admin only).
import { apiRoute } from "@/server/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { listOutbox } from "@/server/email/outbox";
import { OUTBOX_PAGE_SIZE, outboxQuerySchema } from "@/features/email/schemas";

export const GET = apiRoute({ access: ADMIN, query: outboxQuerySchema }, async ({ query, user }) => {
  const { messages, total } = await listOutbox(user, { status: query.status, limit: OUTBOX_PAGE_SIZE, offset: (query.page - 1) * OUTBOX_PAGE_SIZE });
  return { messages, total, page: query.page, pageSize: OUTBOX_PAGE_SIZE };
});
