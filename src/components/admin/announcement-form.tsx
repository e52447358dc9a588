"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { announcementSchema, type AnnouncementInput } from "@/features/notifications/schemas";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";

type Output = { title: string; url: string };

/** An announcement to every member (the notification centre, and email for those who chose it). */
export function AnnouncementForm() {
  const form = useForm<AnnouncementInput, unknown, Output>({
    resolver: zodResolver(announcementSchema),
    defaultValues: { title: "", url: "/events" },
  });
  const send = useMutation({
    mutationFn: (values: Output) => apiRequest("POST", "/api/admin/announcements", values),
    onSuccess: () => {
      form.reset({ title: "", url: "/events" });
      toast({ title: "Announcement sent", description: "Every member will see it in their notifications." });
    },
    onError: (error) => toastError("Announcement not sent", errorMessage(error, "Please try again.")),
  });
  return (
    <form onSubmit={form.handleSubmit((values) => send.mutate(values))} noValidate className="grid max-w-2xl gap-4">
      <FormField
        label="Announcement"
        id="announcement-title"
        error={form.formState.errors.title?.message}
        hint="One line, as members will see it in their notifications."
      >
        <Input maxLength={200} {...form.register("title")} />
      </FormField>
      <FormField
        label="Link"
        id="announcement-url"
        error={form.formState.errors.url?.message}
        hint="A path on this site, such as /events or /library."
      >
        <Input {...form.register("url")} />
      </FormField>
      <Button type="submit" pending={send.isPending} pendingLabel="Sending..." className="justify-self-start">
        Send to every member
      </Button>
    </form>
  );
}
