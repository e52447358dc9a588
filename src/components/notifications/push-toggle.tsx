"use client";

import * as React from "react";
import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";

type State = "checking" | "unsupported" | "blocked" | "off" | "on";

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration() {
  return navigator.serviceWorker.register("/sw.js", { scope: "/" });
}

/** Turns Web Push on or off on this device: the browser asks her, then the subscription is saved on the server. */
export function PushToggle() {
  const [state, setState] = React.useState<State>("checking");
  const [pending, setPending] = React.useState(false);

  React.useEffect(() => {
    let live = true;
    (async () => {
      if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
        return "unsupported" as const;
      if (Notification.permission === "denied") return "blocked" as const;
      const existing = await (await registration()).pushManager.getSubscription();
      return existing ? ("on" as const) : ("off" as const);
    })().then(
      (next) => live && setState(next),
      () => live && setState("unsupported"),
    );
    return () => {
      live = false;
    };
  }, []);

  const turnOn = async () => {
    setPending(true);
    try {
      if ((await Notification.requestPermission()) !== "granted") return setState("blocked");
      const { publicKey } = await apiRequest<{ publicKey: string }>("GET", "/api/push/key");
      const subscription = await (
        await registration()
      ).pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      await apiRequest("POST", "/api/push/subscriptions", subscription.toJSON());
      setState("on");
      toast({ title: "Notifications on", description: "This device will show the kinds you tick below." });
    } catch (error) {
      toastError("Could not turn notifications on", errorMessage(error, "Please try again."));
    } finally {
      setPending(false);
    }
  };

  const turnOff = async () => {
    setPending(true);
    try {
      const subscription = await (await registration()).pushManager.getSubscription();
      if (subscription) {
        await apiRequest("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setState("off");
    } catch (error) {
      toastError("Could not turn notifications off", errorMessage(error, "Please try again."));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="grid gap-2" data-testid="push-toggle">
      <p className="text-sm text-muted-foreground" role="status">
        {state === "checking"
          ? "Checking this device..."
          : state === "unsupported"
            ? "This browser cannot show notifications. On an iPhone, add the site to your home screen first."
            : state === "blocked"
              ? "Notifications are blocked for this site in your browser's settings."
              : state === "on"
                ? "Notifications are on for this device."
                : "Notifications are off for this device."}
      </p>
      {state === "off" ? (
        <Button type="button" onClick={() => void turnOn()} pending={pending} className="justify-self-start">
          Turn on notifications on this device
        </Button>
      ) : state === "on" ? (
        <Button
          type="button"
          variant="outline"
          onClick={() => void turnOff()}
          pending={pending}
          className="justify-self-start"
        >
          Turn off on this device
        </Button>
      ) : null}
    </div>
  );
}
