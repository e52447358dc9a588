"use client";

import * as React from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

interface ConfirmButtonProps {
  label: string;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => Promise<unknown>;
  variant?: "default" | "outline" | "destructive";
}

/** A button that asks before a billing change, and closes once the change went through. */
export function ConfirmButton({
  label,
  title,
  description,
  confirmLabel,
  pending,
  onConfirm,
  variant = "outline",
}: ConfirmButtonProps) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Keep as is
            </Button>
            <Button
              variant={variant === "destructive" ? "destructive" : "default"}
              pending={pending}
              pendingLabel="Working..."
              onClick={() =>
                onConfirm().then(
                  () => setOpen(false),
                  () => undefined,
                )
              }
            >
              {confirmLabel}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
