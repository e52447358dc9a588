"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";

/** Accept on the registration page: creates her partner record, then opens her Affiliate tab. */
export function AcceptTerms({ token }: { token: string }) {
  const router = useRouter();
  const accept = useMutation({
    mutationFn: () => apiRequest("POST", "/api/partners/accept", { token }),
    onSuccess: () => {
      toast({
        title: "Welcome to the affiliate programme",
        description: "Your partner code and share link are ready.",
      });
      router.push("/profile?tab=affiliate");
      router.refresh();
    },
    onError: (error) => toastError("Error", errorMessage(error, "Please try again.")),
  });
  return (
    <Button
      className="mt-6"
      pending={accept.isPending || accept.isSuccess}
      pendingLabel="Accepting..."
      onClick={() => accept.mutate()}
    >
      Accept
    </Button>
  );
}
