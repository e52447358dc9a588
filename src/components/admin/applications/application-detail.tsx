"use client";

import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { ApplicationCard, type PaymentContext } from "./application-card";
import { APPLICATIONS_KEY, type ApplicationRow } from "./types";

/** /admin/applications/{id}: one card, refreshed after each action like the list. */
export function ApplicationDetail({
  id,
  initial,
  payments,
}: {
  id: number;
  initial: ApplicationRow;
  payments: PaymentContext;
}) {
  const query = useQuery({
    queryKey: [APPLICATIONS_KEY, "one", id],
    queryFn: () => apiRequest<ApplicationRow>("GET", `/api/applications/${id}`),
    initialData: initial,
  });
  return <ApplicationCard application={query.data} payments={payments} />;
}
