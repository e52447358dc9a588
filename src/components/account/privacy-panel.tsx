"use client";

import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { reloadAfterSessionChange, setCurrentUser } from "@/hooks/use-auth";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { deletionRequestSchema, type DeletionRequestInput } from "@/features/privacy/schemas";

/** Her data (a JSON download of everything we hold about her) and the deletion of her account. */
export function PrivacyPanel({ userId }: { userId: number }) {
  return (
    <>
      <section aria-labelledby="download-heading" className="mt-8 grid gap-4">
        <h2 id="download-heading" className="text-2xl font-semibold">
          Download your data
        </h2>
        <p>
          One JSON file with everything we hold about you: your account and profile, your birth data and reports,
          applications, payments, RSVPs, forum and library activity, and your assistant conversations.
        </p>
        <Button asChild className="justify-self-start">
          <a href={`/api/users/${userId}/data-export`} download>
            Download my data
          </a>
        </Button>
      </section>
      <section aria-labelledby="delete-heading" className="mt-12">
        <h2 id="delete-heading" className="mb-4 text-2xl font-semibold">
          Delete your account
        </h2>
        <DeleteAccountForm userId={userId} />
      </section>
    </>
  );
}

function DeleteAccountForm({ userId }: { userId: number }) {
  const form = useForm<DeletionRequestInput>({
    resolver: zodResolver(deletionRequestSchema),
    defaultValues: { password: "" },
  });
  const request = useMutation({
    mutationFn: (input: DeletionRequestInput) =>
      apiRequest<{ erasesAt: string }>("POST", `/api/users/${userId}/deletion`, input),
    onSuccess: ({ erasesAt }) => {
      setCurrentUser(null);
      reloadAfterSessionChange("/", {
        title: "Account deletion requested",
        description: `Your account will be deleted on ${formatDate(erasesAt)}. Sign in before then to keep it.`,
      });
    },
    onError: (error) => form.setError("password", { message: errorMessage(error, "Please try again.") }),
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => request.mutate(values))}
      className="grid gap-4 sm:max-w-md"
    >
      <p>
        You will be signed out everywhere. Your account is deleted 30 days later; signing in before then cancels the
        deletion. After that your personal data is erased, your forum posts and comments stay under &ldquo;Former
        member&rdquo;, and payment records are kept, without your name, as the law requires.
      </p>
      <FormField label="Your password" id="delete-password" error={form.formState.errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register("password")} />
      </FormField>
      <Button type="submit" variant="destructive" className="justify-self-start" pending={request.isPending}>
        Delete my account
      </Button>
    </form>
  );
}
