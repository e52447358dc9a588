"use client";

import * as React from "react";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { ManualPaymentForm } from "@/components/billing/manual-payment-form";
import { PaymentHistory } from "@/components/profile/payment-history";
import { reviewNotesSchema, type ReviewInput, type ReviewNotesValues } from "@/features/applications/schemas";
import type { ManualPaymentInput } from "@/features/money/schemas";
import { showServerErrors } from "@/lib/form-errors";
import { toMemberPayment } from "@/features/money/types";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { formatCents, formatDate, tierName } from "@/lib/format";
import { CardPaymentDialog } from "./card-payment-dialog";
import { PaymentLinkButton } from "./payment-link-button";
import { APPLICATIONS_KEY, STATUS_LABEL, type ApplicationRow } from "./types";

const STATUS_VARIANT = { pending: "warning", approved: "success", rejected: "destructive" } as const;

export interface PaymentContext {
  /** Monthly price per tier id, in cents. */
  prices: Record<string, number>;
  publishableKey: string | null;
}

export function ApplicationCard({
  application: app,
  payments,
}: {
  application: ApplicationRow;
  payments: PaymentContext;
}) {
  const queryClient = useQueryClient();
  const notesForm = useForm<ReviewNotesValues, unknown, Pick<ReviewInput, "reviewNotes">>({
    resolver: zodResolver(reviewNotesSchema),
    defaultValues: { reviewNotes: "" },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [APPLICATIONS_KEY] });

  const review = useMutation({
    mutationFn: (decision: ReviewInput) => apiRequest("PATCH", `/api/applications/${app.id}/status`, decision),
    onSuccess: () => {
      toast({ title: "Success", description: "Application status has been updated." });
      void refresh();
    },
    onError: (error) => {
      if (showServerErrors(notesForm, error)) return;
      toastError("Error", errorMessage(error, "Failed to update application status."));
    },
  });
  const decide = (status: ReviewInput["status"]) =>
    notesForm.handleSubmit((values) => review.mutate({ status, ...values }));
  const referral = useMutation({
    mutationFn: () => apiRequest("POST", `/api/applications/${app.id}/generate-referral`),
    onSuccess: () => toast({ title: "Success", description: "Referral commission has been created." }),
    onError: (error) => toastError("Error", errorMessage(error, "Failed to create referral.")),
  });

  const resend = useMutation({
    mutationFn: () => apiRequest("POST", `/api/applications/${app.id}/resend-invitation`),
    onSuccess: () =>
      toast({
        title: "Invitation Sent",
        description: `A new invitation has been emailed to ${app.email}. The previous link no longer works.`,
      }),
    onError: (error) => toastError("Error", errorMessage(error, "Failed to resend the invitation.")),
  });

  const copyCode = async () => {
    await navigator.clipboard.writeText(app.partnerCode ?? "");
    toast({ title: "Code Copied", description: `${app.partnerCode} is on your clipboard.` });
  };
  const price = payments.prices[app.membershipTier] ?? 0;
  const reviewedAt = app.status === "approved" ? app.approvedAt : app.rejectedAt;
  const name = `${app.firstName} ${app.lastName}`;

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle as="h2">
            <Link href={`/admin/applications/${app.id}`} className="hover:underline" data-row-focus>
              {name}
            </Link>
          </CardTitle>
          <p className="text-sm text-muted-foreground">Applied {formatDate(app.createdAt)}</p>
        </div>
        <div className="flex gap-2">
          {app.isTrial ? <Badge variant="secondary">Free trial</Badge> : null}
          <Badge variant={STATUS_VARIANT[app.status]}>{STATUS_LABEL[app.status]}</Badge>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="font-medium">Email</dt>
            <dd className="break-all">{app.email}</dd>
          </div>
          <div>
            <dt className="font-medium">Phone</dt>
            <dd>{app.phone}</dd>
          </div>
          <div>
            <dt className="font-medium">Membership tier</dt>
            <dd>
              {tierName(app.membershipTier)} ({formatCents(price)}/month)
            </dd>
          </div>
          <div>
            <dt className="font-medium">Heard about us</dt>
            <dd>{app.heardAbout}</dd>
          </div>
          <div>
            <dt className="font-medium">Partner code</dt>
            <dd className="flex items-center gap-2">
              {app.partnerCode ? (
                <>
                  <code>{app.partnerCode}</code>
                  <Button size="sm" variant="outline" onClick={copyCode}>
                    Copy Code
                  </Button>
                </>
              ) : (
                "None"
              )}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="font-medium">Reason for joining</dt>
            <dd className="whitespace-pre-line">{app.whyJoin}</dd>
          </div>
        </dl>

        {app.status === "pending" ? (
          <div className="grid gap-2">
            <FormField
              label="Review Notes"
              id={`notes-${app.id}`}
              error={notesForm.formState.errors.reviewNotes?.message}
            >
              <Textarea rows={3} readOnly={review.isPending} {...notesForm.register("reviewNotes")} />
            </FormField>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="destructive"
                pending={review.isPending}
                pendingLabel={review.variables?.status === "rejected" ? "Rejecting..." : undefined}
                onClick={decide("rejected")}
              >
                Reject
              </Button>
              <Button
                pending={review.isPending}
                pendingLabel={review.variables?.status === "approved" ? "Approving..." : undefined}
                onClick={decide("approved")}
              >
                Approve
              </Button>
              <RecordManualPayment applicationId={app.id} price={price} onDone={refresh} />
              {!app.isTrial ? <PaymentLinkButton applicationId={app.id} /> : null}
            </div>
          </div>
        ) : (
          <div className="grid gap-1">
            <p>
              <span className="font-medium">Review notes:</span> {app.reviewNotes || "No review notes provided"}
            </p>
            <p>
              <span className="font-medium">{app.status === "approved" ? "Approved" : "Rejected"} on:</span>{" "}
              {reviewedAt ? formatDate(reviewedAt) : "unknown date"}
            </p>
          </div>
        )}

        {app.status === "approved" ? (
          <div className="grid gap-3">
            <div className="flex flex-wrap gap-2">
              {payments.publishableKey && !app.isTrial ? (
                <CardPaymentDialog applicationId={app.id} amount={price} publishableKey={payments.publishableKey} />
              ) : null}
              {!app.isTrial ? <RecordManualPayment applicationId={app.id} price={price} onDone={refresh} /> : null}
              {app.partnerCode ? (
                <Button size="sm" variant="outline" pending={referral.isPending} onClick={() => referral.mutate()}>
                  Generate Referral
                </Button>
              ) : null}
              {app.canResendInvitation ? (
                <Button size="sm" variant="outline" pending={resend.isPending} onClick={() => resend.mutate()}>
                  Resend Invitation
                </Button>
              ) : null}
            </div>
            <section aria-label={`Payment history of ${name}`}>
              <h3 className="mb-2 font-semibold">Payment History</h3>
              <PaymentHistory
                url={`/api/applications/${app.id}/payment-transactions`}
                queryKey={[APPLICATIONS_KEY, "payments", app.id]}
                caption={`Payments for the application of ${name}`}
                lines={(rows) => rows.map(toMemberPayment)}
              />
            </section>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Records a payment taken outside Stripe (bank transfer, cash); the amount is the tier's price. */
function RecordManualPayment({
  applicationId,
  price,
  onDone,
}: {
  applicationId: number;
  price: number;
  onDone: () => void;
}) {
  const [open, setOpen] = React.useState(false);
  const record = useMutation({
    mutationFn: (values: ManualPaymentInput) =>
      apiRequest("POST", `/api/applications/${applicationId}/manual-payment`, values),
    onSuccess: () => {
      toast({ title: "Payment recorded", description: `A manual payment of ${formatCents(price)} has been recorded.` });
      setOpen(false);
      onDone();
    },
    onError: (error) => toastError("Payment Failed", errorMessage(error, "There was an error processing the payment.")),
  });
  if (!open) {
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Record Manual Payment
      </Button>
    );
  }
  return (
    <ManualPaymentForm
      id={`manual-${applicationId}`}
      label="Payment note (e.g. bank transfer reference)"
      submitLabel={`Record ${formatCents(price)}`}
      send={(values) => record.mutateAsync(values)}
      className="w-full"
      small
    >
      <Button size="sm" type="button" variant="ghost" onClick={() => setOpen(false)}>
        Cancel
      </Button>
    </ManualPaymentForm>
  );
}
