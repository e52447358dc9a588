"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { apiRequest } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { BankTransfer } from "./bank-transfer";
import { CardOnFile } from "./card-on-file";
import { Invoices } from "./invoices";
import { MembershipSummary } from "./membership-summary";
import { TierChange } from "./tier-change";
import { billingKey, type BillingMode, type Overview } from "./types";

interface BillingPanelProps {
  userId: number;
  mode: BillingMode;
  /** Stripe's publishable key, for her card (the member's own tab only). */
  publishableKey?: string | null;
}

/**
 * Her membership billing: the Billing tab of her profile and, for admins, /admin/billing/{userId}.
 * Everything comes from GET /api/users/{id}/billing and each change refetches it.
 */
export function BillingPanel({ userId, mode, publishableKey = null }: BillingPanelProps) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: billingKey(userId),
    queryFn: () => apiRequest<Overview>("GET", `/api/users/${userId}/billing`),
  });
  if (query.isPending) return <p role="status">Loading billing...</p>;
  if (query.error) return <p role="alert">Could not load billing. Please refresh the page.</p>;
  const overview = query.data;
  const changed = () => queryClient.invalidateQueries({ queryKey: billingKey(userId) });
  const m = overview.membership;
  return (
    <div className="grid gap-6">
      {!overview.configured ? <NotConfigured overview={overview} /> : null}
      {m && overview.configured ? (
        <MembershipSummary userId={userId} mode={mode} membership={m} onChanged={changed} />
      ) : null}
      {!m && overview.configured ? (
        <p className="text-muted-foreground">There is no membership billing for this account yet.</p>
      ) : null}
      {m && overview.configured && mode === "member" && m.billingMethod !== "manual" && m.status !== "canceled" ? (
        <CardOnFile userId={userId} membership={m} publishableKey={publishableKey} onChanged={changed} />
      ) : null}
      {m && overview.configured ? (
        <TierChange userId={userId} mode={mode} membership={m} tiers={overview.tiers} onChanged={changed} />
      ) : null}
      {m && mode === "admin" && m.billingMethod === "manual" && m.status !== "canceled" ? (
        <BankTransfer
          userId={userId}
          membership={m}
          amount={overview.tiers.find((t) => t.id === m.tier)?.amount ?? 0}
          onChanged={changed}
        />
      ) : null}
      <Invoices mode={mode} rows={overview.transactions} onChanged={changed} />
    </div>
  );
}

/** Without Stripe (the embedded default): what the membership is and when, and nothing that would fail. */
function NotConfigured({ overview }: { overview: Overview }) {
  const m = overview.membership;
  const dates: [string, string | null][] = m
    ? [
        ["Tier", m.tierTitle],
        ["Started", formatDate(m.startedAt)],
        ["Term ends", formatDate(m.termEndsAt)],
        [
          m.trialEndsAt ? "Trial ends" : "Current period ends",
          m.trialEndsAt ? formatDate(m.trialEndsAt) : m.currentPeriodEnd ? formatDate(m.currentPeriodEnd) : null,
        ],
      ]
    : [["Member since", overview.memberSince ? formatDate(overview.memberSince) : null]];
  return (
    <Card role="status">
      <CardHeader>
        <CardTitle as="h2">Payments are not configured</CardTitle>
        <CardDescription>
          Card payments are not available on this site yet, so your membership cannot be changed here. Please contact us
          about your membership.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
          {dates
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium">{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </CardContent>
    </Card>
  );
}
