"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { NativeSelect } from "@/components/ui/native-select";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { EVENT_ACCESS_TYPES, EVENT_TYPES } from "@/features/events/constants";
import { eventInputSchema, type EventInput } from "@/features/events/schemas";

export const EMPTY_EVENT: EventInput = {
  title: "",
  description: "",
  imageUrl: "",
  startsAtLocal: "",
  endsAtLocal: "",
  timezone: "America/New_York",
  locationName: "",
  address: "",
  onlineUrl: "",
  url: "",
  accessType: "public",
  type: "public",
  capacity: "",
  featured: false,
};

interface AdminEventDialogProps {
  /** Present when editing. */
  eventId?: number;
  initial?: EventInput;
  triggerLabel: string;
  triggerVariant?: "default" | "outline";
}

/** Create or edit a community event; times are wall-clock times in the chosen zone. */
export function AdminEventDialog({
  eventId,
  initial = EMPTY_EVENT,
  triggerLabel,
  triggerVariant = "default",
}: AdminEventDialogProps) {
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  const zones = React.useMemo(
    () => (typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []),
    [],
  );
  const form = useForm<EventInput>({ resolver: zodResolver(eventInputSchema) as never, defaultValues: initial });
  const errors = form.formState.errors;
  const save = useMutation({
    mutationFn: (input: EventInput) =>
      eventId
        ? apiRequest("PUT", `/api/admin/events/${eventId}`, input)
        : apiRequest("POST", "/api/admin/events", input),
    onSuccess: () => {
      toast({ title: eventId ? "Event updated" : "Event created", description: "The events page shows it now." });
      setOpen(false);
      if (!eventId) form.reset(EMPTY_EVENT);
      router.refresh();
    },
    onError: (error) => toastError("Error", errorMessage(error, "Could not save the event.")),
  });
  const busy = save.isPending;
  const prefix = eventId ? `event-${eventId}` : "new-event";

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant={triggerVariant}
          size={eventId ? "sm" : "default"}
          aria-label={eventId ? `${triggerLabel}: ${initial.title}` : undefined}
        >
          {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{eventId ? "Edit Event" : "New Event"}</DialogTitle>
          <DialogDescription>
            Community events appear in the Community Events tab and the calendar feed.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="grid gap-4">
          <FormField label="Title" id={`${prefix}-title`} error={errors.title?.message}>
            <Input readOnly={busy} {...form.register("title")} />
          </FormField>
          <FormField label="Description" id={`${prefix}-description`} error={errors.description?.message}>
            <Textarea readOnly={busy} {...form.register("description")} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Starts" id={`${prefix}-starts`} error={errors.startsAtLocal?.message}>
              <Input type="datetime-local" readOnly={busy} {...form.register("startsAtLocal")} />
            </FormField>
            <FormField label="Ends (optional)" id={`${prefix}-ends`} error={errors.endsAtLocal?.message}>
              <Input type="datetime-local" readOnly={busy} {...form.register("endsAtLocal")} />
            </FormField>
            <FormField
              label="Time zone"
              id={`${prefix}-timezone`}
              error={errors.timezone?.message}
              hint="Start and end are times in this zone."
            >
              <Input list={`${prefix}-zones`} readOnly={busy} {...form.register("timezone")} />
            </FormField>
            <datalist id={`${prefix}-zones`}>
              {zones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
            <FormField label="Capacity (optional)" id={`${prefix}-capacity`} error={errors.capacity?.message}>
              <Input type="number" min={1} inputMode="numeric" readOnly={busy} {...form.register("capacity")} />
            </FormField>
            <FormField label="Place name" id={`${prefix}-location`} error={errors.locationName?.message}>
              <Input readOnly={busy} {...form.register("locationName")} />
            </FormField>
            <FormField label="Address" id={`${prefix}-address`} error={errors.address?.message}>
              <Input readOnly={busy} {...form.register("address")} />
            </FormField>
            <FormField label="Online link (optional)" id={`${prefix}-online`} error={errors.onlineUrl?.message}>
              <Input type="url" readOnly={busy} {...form.register("onlineUrl")} />
            </FormField>
            <FormField label="Image URL (optional)" id={`${prefix}-image`} error={errors.imageUrl?.message}>
              <Input readOnly={busy} placeholder="/images/garden.svg" {...form.register("imageUrl")} />
            </FormField>
            <FormField label="Access" id={`${prefix}-access`} error={errors.accessType?.message}>
              <NativeSelect {...form.register("accessType")}>
                {EVENT_ACCESS_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {value === "members" ? "Members Only" : "Open to All"}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Type" id={`${prefix}-type`} error={errors.type?.message}>
              <NativeSelect {...form.register("type")}>
                {EVENT_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <div className="flex items-center gap-2">
            <Controller
              control={form.control}
              name="featured"
              render={({ field }) => (
                <Checkbox
                  id={`${prefix}-featured`}
                  checked={field.value === true}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                />
              )}
            />
            <Label htmlFor={`${prefix}-featured`}>Featured</Label>
          </div>
          <Button type="submit" pending={busy} pendingLabel="Saving...">
            Save Event
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function FeatureEventButton({
  eventId,
  featured,
  title,
}: {
  eventId: number;
  featured: boolean;
  title: string;
}) {
  const router = useRouter();
  const toggle = useMutation({
    mutationFn: () => apiRequest("PATCH", `/api/admin/events/${eventId}`, { featured: !featured }),
    onSuccess: () => router.refresh(),
    onError: (error) => toastError("Error", errorMessage(error, "Could not change the event.")),
  });
  return (
    <Button
      size="sm"
      variant="outline"
      pending={toggle.isPending}
      onClick={() => toggle.mutate()}
      aria-label={`${featured ? "Unfeature" : "Feature"}: ${title}`}
    >
      {featured ? "Unfeature" : "Feature"}
    </Button>
  );
}

export function DeleteEventButton({ eventId, title }: { eventId: number; title: string }) {
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  const remove = useMutation({
    mutationFn: () => apiRequest("DELETE", `/api/admin/events/${eventId}`),
    onSuccess: () => {
      setOpen(false);
      toast({ title: "Event deleted", description: `${title} was deleted.` });
      router.refresh();
    },
    onError: (error) => toastError("Error", errorMessage(error, "Could not delete the event.")),
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="destructive" aria-label={`Delete: ${title}`}>
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this event?</DialogTitle>
          <DialogDescription>{title} and its RSVPs will be removed. This cannot be undone.</DialogDescription>
        </DialogHeader>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Keep it
          </Button>
          <Button
            variant="destructive"
            pending={remove.isPending}
            pendingLabel="Deleting..."
            onClick={() => remove.mutate()}
          >
            Delete Event
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
