"use client";

import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { MESSAGE_MAX_LENGTH } from "@/features/messages/constants";
import { composerSchema } from "@/features/messages/schemas";
import { announce } from "@/hooks/use-live-region";
import { toastError } from "@/hooks/use-toast";
import { ApiError, apiRequest, errorMessage } from "@/lib/api-client";

type ComposerValues = { body: string };

/**
 * Writes to `toUserId`; in a new conversation it then opens the conversation, otherwise the page is
 * refreshed and she is back in the cleared message field, ready for the next one.
 */
export function MessageComposer({
  toUserId,
  toName,
  conversationId,
  autoFocus = false,
}: {
  toUserId: number;
  toName: string;
  conversationId?: number;
  /** On New message, where writing is what she came for. */
  autoFocus?: boolean;
}) {
  const router = useRouter();
  const form = useForm<ComposerValues>({ resolver: zodResolver(composerSchema), defaultValues: { body: "" } });
  const send = useMutation({
    mutationFn: (values: ComposerValues) =>
      apiRequest<{ conversationId: number }>("POST", "/api/messages", { toUserId, body: values.body }),
    onSuccess: (result) => {
      announce("Message sent");
      if (conversationId !== result.conversationId) return router.push(`/messages/${result.conversationId}`);
      // Focus first: reset() forgets the field refs until the next render.
      form.setFocus("body");
      form.reset({ body: "" });
      router.refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields?.body) form.setError("body", { message: error.fields.body });
      toastError("Message not sent", errorMessage(error, "There was an error sending your message. Please try again."));
    },
  });
  return (
    <form onSubmit={form.handleSubmit((values) => send.mutate(values))} noValidate className="grid gap-3">
      <FormField label={`Message to ${toName}`} id="message-body" error={form.formState.errors.body?.message}>
        <Textarea rows={3} maxLength={MESSAGE_MAX_LENGTH} autoFocus={autoFocus} {...form.register("body")} />
      </FormField>
      <Button type="submit" pending={send.isPending} pendingLabel="Sending..." className="justify-self-end">
        Send
      </Button>
    </form>
  );
}
