"use client";

import * as React from "react";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import {
  DELIVERIES,
  DELIVERY_LABELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "@/features/notifications/constants";
import type { NotificationPreferences } from "@/features/notifications/types";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";

/** Her choice for each kind of notification, and the weekly digest. */
export function PreferencesForm({
  initial,
  pushAvailable,
}: {
  initial: NotificationPreferences;
  pushAvailable: boolean;
}) {
  const [preferences, setPreferences] = React.useState(initial);
  const save = useMutation({
    mutationFn: (value: NotificationPreferences) =>
      apiRequest<NotificationPreferences>("PUT", "/api/notifications/preferences", value),
    onSuccess: (saved) => {
      setPreferences(saved);
      toast({ title: "Settings saved", description: "Your notification choices are saved." });
    },
    onError: (error) => toastError("Error saving settings", errorMessage(error, "Please try again.")),
  });
  const setKind = (kind: NotificationKind, change: Partial<NotificationPreferences["kinds"][NotificationKind]>) =>
    setPreferences((current) => ({
      ...current,
      kinds: { ...current.kinds, [kind]: { ...current.kinds[kind], ...change } },
    }));
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(preferences);
      }}
      className="grid gap-6"
    >
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">How each kind of notification reaches you</caption>
        <thead>
          <tr className="border-b text-left">
            <th scope="col" className="py-2 pr-3 font-semibold">
              Notification
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Where
            </th>
            {pushAvailable ? (
              <th scope="col" className="py-2 font-semibold">
                On this device
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_KINDS.map((kind) => (
            <tr key={kind} className="border-b align-middle">
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                <label htmlFor={`delivery-${kind}`}>{NOTIFICATION_KIND_LABELS[kind]}</label>
              </th>
              <td className="py-2 pr-3">
                <NativeSelect
                  id={`delivery-${kind}`}

                  value={preferences.kinds[kind].delivery}
                  onChange={(event) => setKind(kind, { delivery: event.target.value as (typeof DELIVERIES)[number] })}
                >
                  {DELIVERIES.map((delivery) => (
                    <option key={delivery} value={delivery}>
                      {DELIVERY_LABELS[delivery]}
                    </option>
                  ))}
                </NativeSelect>
              </td>
              {pushAvailable ? (
                <td className="py-2">
                  <input
                    type="checkbox"
                    className="size-5 accent-primary"
                    aria-label={`Push ${NOTIFICATION_KIND_LABELS[kind].toLowerCase()} to my devices`}
                    checked={preferences.kinds[kind].push}
                    disabled={preferences.kinds[kind].delivery === "off"}
                    onChange={(event) => setKind(kind, { push: event.target.checked })}
                  />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-5 accent-primary"
          checked={preferences.weeklyDigest}
          onChange={(event) => setPreferences((current) => ({ ...current, weeklyDigest: event.target.checked }))}
        />
        <span className="grid gap-1">
          <span className="font-medium">Weekly digest</span>
          <span className="text-muted-foreground">
            New topics in the forum, new library items and coming events, on Mondays. Never sent when there is nothing
            new.
          </span>
        </span>
      </label>
      <Button type="submit" pending={save.isPending} pendingLabel="Saving..." className="justify-self-start">
        Save choices
      </Button>
    </form>
  );
}
