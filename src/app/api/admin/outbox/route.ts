// GET /api/admin/outbox - the email outbox, newest first, optionally by status (admin only).
import { apiRoute } from "@/server/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { listOutbox } from "@/server/email/outbox";
import { OUTBOX_PAGE_SIZE, outboxQuerySchema } from "@/features/email/schemas";
import { offsetWindow } from "@/server/pagination";

export const GET = apiRoute({ access: ADMIN, query: outboxQuerySchema }, async ({ query, user }) => {
  const { messages, total } = await listOutbox(user, {
    status: query.status,
    ...offsetWindow(query.page, OUTBOX_PAGE_SIZE),
  });
  return { messages, total, page: query.page, pageSize: OUTBOX_PAGE_SIZE };
});
