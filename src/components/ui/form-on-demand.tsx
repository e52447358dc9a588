"use client";

import * as React from "react";
import { toastError } from "@/hooks/use-toast";

/** What she did in the form before its logic arrived: passed on, so nothing she typed is lost. */
export interface FormHandoff {
  /** The form's text fields by name, as she left them. */
  values: Record<string, string>;
  /** The field or button she was in (its id: give the submit button one), and where her cursor was. */
  focusId: string | null;
  selection: [number, number] | null;
  /** She sent the form before its logic arrived: it is sent as soon as it has. */
  submit: boolean;
}

/** The props of a form's static stand-in: the page's own props, and what starts the loading. */
export type StandInProps<P> = P & {
  onReach: () => void;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  formRef: React.Ref<HTMLFormElement>;
};

/**
 * A public page's form whose logic (react-hook-form, its schema) loads when she comes near it: when the
 * form is about to scroll into view, or as soon as she points at it, touches it or moves into it. Until
 * then `StandIn` shows the same fields without logic, so that a visitor who never reaches the form
 * never loads it (docs/decisions/059-public-forms-on-demand.md). The loaded form receives a handoff
 * of what she typed, where her cursor was, and whether she already sent it.
 */
export function FormOnDemand<P extends object>({
  load,
  StandIn,
  props,
}: {
  load: () => Promise<React.ComponentType<P & { handoff?: FormHandoff }>>;
  StandIn: React.ComponentType<StandInProps<P>>;
  props: P;
}) {
  const [Loaded, setLoaded] = React.useState<React.ComponentType<P & { handoff?: FormHandoff }> | null>(null);
  const [handoff, setHandoff] = React.useState<FormHandoff | undefined>(undefined);
  const formRef = React.useRef<HTMLFormElement>(null);
  const submitted = React.useRef(false);
  const loading = React.useRef<Promise<void> | null>(null);

  const reach = React.useCallback(() => {
    loading.current ??= load().then(
      (component) => {
        setHandoff(handoffFrom(formRef.current, submitted.current));
        setLoaded(() => component);
      },
      // A dropped connection: the next approach tries again, and a form she sent meanwhile says it was not.
      () => {
        loading.current = null;
        if (submitted.current)
          toastError("Error", "The form could not load. Please check your connection and try again.");
        submitted.current = false;
      },
    );
  }, [load]);

  React.useEffect(() => {
    const form = formRef.current;
    if (!form || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          reach();
        }
      },
      { rootMargin: "300px 0px" },
    );
    observer.observe(form);
    return () => observer.disconnect();
  }, [reach]);

  if (Loaded) return <Loaded {...props} handoff={handoff} />;
  return (
    <StandIn
      {...props}
      formRef={formRef}
      onReach={reach}
      onSubmit={(event) => {
        event.preventDefault();
        submitted.current = true;
        reach();
      }}
    />
  );
}

function handoffFrom(form: HTMLFormElement | null, submit: boolean): FormHandoff {
  const values: Record<string, string> = {};
  if (form) for (const [name, value] of new FormData(form)) if (typeof value === "string") values[name] = value;
  const active = typeof document === "undefined" ? null : document.activeElement;
  const inForm = form !== null && active instanceof HTMLElement && form.contains(active) ? active : null;
  const field = inForm instanceof HTMLInputElement || inForm instanceof HTMLTextAreaElement ? inForm : null;
  let selection: [number, number] | null = null;
  try {
    if (field && field.selectionStart !== null && field.selectionEnd !== null)
      selection = [field.selectionStart, field.selectionEnd];
  } catch {
    // An email field has no selection to read.
  }
  return { values, focusId: inForm?.id || null, selection, submit };
}

/**
 * In the loaded form, once mounted: focus back where she was, her cursor where it was, and the form
 * sent if she sent it while it loaded.
 */
export function useHandoff(handoff: FormHandoff | undefined, send: () => void) {
  const done = React.useRef(false);
  React.useEffect(() => {
    if (!handoff || done.current) return;
    done.current = true;
    const field = handoff.focusId ? document.getElementById(handoff.focusId) : null;
    if (field) {
      field.focus();
      if (handoff.selection && (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement))
        try {
          field.setSelectionRange(...handoff.selection);
        } catch {
          // An email field takes no selection.
        }
    }
    if (handoff.submit) send();
  }, [handoff, send]);
}
