"use client";

import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { RowFocusScope } from "@/components/ui/row-focus-scope";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import type { OpenMentorshipRequest, ReceivedRequest } from "@/features/mentorship/types";
import { mentorshipRequestSchema, type MentorshipRequestInput } from "@/features/mentorship/schemas";
import type { PublicProfile } from "@/features/profiles/types";

/** The mentor's topics; another member sends a request, the mentor answers hers. */
export function MentorshipTab({
  profile,
  isOwn,
  openRequest,
}: {
  profile: PublicProfile;
  isOwn: boolean;
  openRequest: OpenMentorshipRequest | null;
}) {
  return (
    <div className="grid gap-6">
      <section aria-labelledby="mentor-topics">
        <h2 id="mentor-topics" className="text-xl font-semibold">
          Mentorship topics
        </h2>
        <ul className="mt-2 flex flex-wrap gap-2">
          {profile.mentorTopics.map((topic) => (
            <li key={topic} className="rounded-full bg-secondary px-3 py-1 text-sm text-secondary-foreground">
              {topic}
            </li>
          ))}
        </ul>
      </section>
      {isOwn ? <ReceivedRequests mentorId={profile.id} /> : <RequestForm mentor={profile} openRequest={openRequest} />}
    </div>
  );
}

/** The form, or, while her request is open (one at a time per mentor), when she sent it and what happens next. */
function RequestForm({ mentor, openRequest }: { mentor: PublicProfile; openRequest: OpenMentorshipRequest | null }) {
  const [sentAt, setSentAt] = React.useState(openRequest?.sentAt ?? null);
  const notice = React.useRef<HTMLParagraphElement>(null);
  const form = useForm<MentorshipRequestInput>({
    resolver: zodResolver(mentorshipRequestSchema),
    defaultValues: { message: "" },
  });
  const send = useMutation({
    mutationFn: (values: MentorshipRequestInput) =>
      apiRequest("POST", `/api/users/${mentor.id}/mentorship-requests`, values),
    onSuccess: () => {
      setSentAt(new Date().toISOString());
      toast({
        title: "Request Sent",
        description: `Your mentorship request has been sent to ${mentor.firstName} ${mentor.lastName}.`,
      });
    },
    onError: (error) => toastError("Request Failed", errorMessage(error, "Please try again.")),
  });
  // The form goes away with the button she pressed: focus moves to what replaced it.
  React.useEffect(() => {
    if (send.isSuccess) notice.current?.focus();
  }, [send.isSuccess]);
  if (sentAt) {
    return (
      <p
        ref={notice}
        tabIndex={-1}
        data-testid="mentorship-request-open"
        className="rounded-lg border bg-secondary/50 p-4"
      >
        You asked {mentor.firstName} for mentorship on {formatDate(sentAt)}. She will answer on the site, and we will
        email you when she does. You can send her another request once she has answered this one.
      </p>
    );
  }
  return (
    <form onSubmit={form.handleSubmit((values) => send.mutate(values))} noValidate className="grid gap-3">
      <FormField
        label={`Ask ${mentor.firstName} for mentorship`}
        id="mentorshipMessage"
        error={form.formState.errors.message?.message}
        hint="Say what you would like help with (up to 2,000 characters)."
      >
        <Textarea rows={5} maxLength={2000} {...form.register("message")} />
      </FormField>
      <div>
        <Button type="submit" pending={send.isPending} pendingLabel="Sending...">
          Send Request
        </Button>
      </div>
    </form>
  );
}

const STATUS_TEXT = { pending: "Waiting for your answer", accepted: "Accepted", declined: "Declined" } as const;

function ReceivedRequests({ mentorId }: { mentorId: number }) {
  const queryClient = useQueryClient();
  const key = [`/api/users/${mentorId}/mentorship-requests`];
  const requests = useQuery({ queryKey: key, queryFn: () => apiRequest<ReceivedRequest[]>("GET", key[0]!) });
  const decide = useMutation({
    mutationFn: ({ id, status }: { id: number; status: "accepted" | "declined" }) =>
      apiRequest("PATCH", `/api/mentorship-requests/${id}`, { status }),
    onSuccess: (_result, { status }) => {
      toast({
        title: status === "accepted" ? "Request Accepted" : "Request Declined",
        description:
          status === "accepted" ? "We have sent you both each other's email address." : "We have let her know kindly.",
      });
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => toastError("Error", errorMessage(error, "Please try again.")),
  });
  return (
    // Accept or Decline gives way to the answer: focus goes to the request, which now says it.
    <RowFocusScope>
      <section aria-labelledby="mentorship-requests">
        <h2 id="mentorship-requests" className="text-xl font-semibold">
          Requests you received
        </h2>
        {requests.isPending ? <p className="mt-2 text-muted-foreground">Loading requests...</p> : null}
        {requests.data?.length === 0 ? <p className="mt-2 text-muted-foreground">No requests yet.</p> : null}
        <ul className="mt-3 grid gap-4">
          {requests.data?.map((request) => (
            <li key={request.id} className="rounded-lg border p-4" data-row tabIndex={-1}>
              <p className="font-medium">
                <a href={`/profile/${request.requester.id}`} className="underline-offset-4 hover:underline">
                  {request.requester.firstName} {request.requester.lastName}
                </a>
                {request.topic ? ` · ${request.topic}` : ""} · {formatDate(request.createdAt)}
              </p>
              <p className="mt-2 whitespace-pre-line">{request.message}</p>
              <p className="mt-2 text-sm text-muted-foreground">
                {STATUS_TEXT[request.status]}
                {request.requesterEmail ? ` · ${request.requesterEmail}` : ""}
              </p>
              {request.status === "pending" ? (
                <div className="mt-3 flex gap-2">
                  <Button
                    size="sm"
                    pending={decide.isPending && decide.variables.id === request.id}
                    pendingLabel={decide.variables?.status === "accepted" ? "Accepting..." : undefined}
                    onClick={() => decide.mutate({ id: request.id, status: "accepted" })}
                  >
                    Accept
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    pending={decide.isPending && decide.variables.id === request.id}
                    pendingLabel={decide.variables?.status === "declined" ? "Declining..." : undefined}
                    onClick={() => decide.mutate({ id: request.id, status: "declined" })}
                  >
                    Decline
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </RowFocusScope>
  );
}
