"use client";

import * as React from "react";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest } from "@/lib/api-client";
import { formatCents } from "@/lib/format";
import { AFFILIATE_TERMS_TEXT, REGISTRATION_ADDRESS_MESSAGE } from "@/features/affiliate/schemas";
import type { PartnerDashboard } from "@/features/affiliate/types";
import { AffiliateStatement } from "./affiliate-statement";

/** Registration for a member who is not a partner; link, code, figures and terms for a partner. */
export function AffiliateTab({
  userId,
  email,
  partner,
  origin,
}: {
  userId: number;
  email: string;
  partner: PartnerDashboard | null;
  origin: string;
}) {
  return partner ? <PartnerPanel partner={partner} origin={origin} /> : <Registration userId={userId} email={email} />;
}

function Terms() {
  return (
    <section aria-labelledby="affiliate-terms" className="rounded-lg border p-4">
      <h3 id="affiliate-terms" className="font-semibold">
        Programme terms
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {AFFILIATE_TERMS_TEXT.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ul>
    </section>
  );
}

function Registration({ userId, email }: { userId: number; email: string }) {
  const send = useMutation({
    mutationFn: () => apiRequest("POST", "/api/partners/send-registration-email", { email, userId }),
    onSuccess: () =>
      toast({
        title: "Registration Email Sent",
        description: "Check your inbox to complete the affiliate registration process.",
      }),
    onError: () => toastError("Error", "Failed to send registration email. Please try again."),
  });
  return (
    <div className="grid gap-6">
      <div>
        <h2 className="text-xl font-semibold">Become an affiliate partner</h2>
        <p className="mt-1 text-muted-foreground">
          Share the community with people you love and earn a commission on each member you refer.
        </p>
      </div>
      {send.isSuccess ? (
        <p role="status" className="rounded-md bg-muted p-4">
          We sent the registration email to {email}. Open the link in it to read the terms and accept them.
        </p>
      ) : (
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate();
          }}
        >
          <div className="grid flex-1 gap-2">
            <Label htmlFor="affiliateEmail">Email</Label>
            <Input id="affiliateEmail" type="email" readOnly value={email} aria-describedby="affiliateEmail-hint" />
            <p id="affiliateEmail-hint" className="text-sm text-muted-foreground">
              {REGISTRATION_ADDRESS_MESSAGE}
            </p>
          </div>
          <Button type="submit" pending={send.isPending} pendingLabel="Sending...">
            Send Registration Email
          </Button>
        </form>
      )}
      <Terms />
    </div>
  );
}

function CopyRow({ label, value, toastTitle }: { label: string; value: string; toastTitle: string }) {
  const id = React.useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id={id} readOnly value={value} className="font-mono" />
        <Button
          type="button"
          variant="outline"
          onClick={async () => {
            await navigator.clipboard.writeText(value);
            toast({ title: toastTitle });
          }}
        >
          Copy {label.toLowerCase()}
        </Button>
      </div>
    </div>
  );
}

function PartnerPanel({ partner, origin }: { partner: PartnerDashboard; origin: string }) {
  const c = partner.commissions;
  const figures: [string, string][] = [
    ["Link visits", String(partner.linkVisits)],
    ["Applications", String(partner.applications)],
    ["Approved members", String(partner.approvedMembers)],
    ["Pending commissions", `${c.pending.count} · ${formatCents(c.pending.amountCents)}`],
    ["Eligible commissions", `${c.eligible.count} · ${formatCents(c.eligible.amountCents)}`],
    ["Paid commissions", `${c.paid.count} · ${formatCents(c.paid.amountCents)}`],
  ];
  return (
    <div className="grid gap-6">
      <h2 className="text-xl font-semibold">Your affiliate programme</h2>
      <p className="text-muted-foreground">
        Your commission: {partner.referralCommission} of each referred member&apos;s first payment.
      </p>
      <CopyRow label="Share link" value={`${origin}/apply?ref=${partner.partnerCode}`} toastTitle="Link Copied" />
      <CopyRow label="Partner code" value={partner.partnerCode} toastTitle="Code Copied" />
      <section aria-labelledby="affiliate-performance">
        <h3 id="affiliate-performance" className="font-semibold">
          Performance
        </h3>
        <dl className="mt-3 grid gap-3 sm:grid-cols-3">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded-lg border p-3">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-lg font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {partner.statement ? <AffiliateStatement statement={partner.statement} /> : null}
      <Terms />
    </div>
  );
}
