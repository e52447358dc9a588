"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";

const loadForm = () => import("./inquiry-form");

// The form, its form library and its schema load when she is about to open the dialog (pointer over
// or focus on the button), not with the events page every visitor and every link to it loads.
const InquiryForm = dynamic(() => loadForm().then((m) => m.InquiryForm), {
  loading: () => (
    <p role="status" className="py-8 text-center text-sm text-muted-foreground">
      Loading...
    </p>
  ),
});

/** "Request Event Info": a dialog with the form that is stored and emailed to the admins. */
export function InquiryDialog() {
  const [open, setOpen] = React.useState(false);
  const preload = () => void loadForm();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="lg" onPointerEnter={preload} onFocus={preload}>
          Request Event Info
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Request Event Info</DialogTitle>
          <DialogDescription>
            Tell us about the gathering you have in mind and we will get back to you.
          </DialogDescription>
        </DialogHeader>
        <InquiryForm onSent={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
