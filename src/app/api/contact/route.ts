// POST /api/contact - store a message from the FAQ or contact form and email it to the administrators.
import { PUBLIC } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { clientIp } from "@/lib/http/request-info";
import { sendContactMessage } from "@/server/contact";
import { contactMessageSchema } from "@/features/contact/schemas";

export const POST = apiRoute({ access: PUBLIC, body: contactMessageSchema }, async ({ request, body }) => {
  await sendContactMessage(body, clientIp(request.headers));
  return created({ message: "Thank you for your message. We will reply soon." });
});
