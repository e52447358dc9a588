"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { RowFocusScope } from "@/components/ui/row-focus-scope";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { TIER_IDS } from "@/features/membership/constants";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { PERMISSIONS } from "@/lib/auth/access";
import type { MemberUpdate } from "@/features/admin-members/schemas";
import { tierName } from "@/lib/format";

interface Member {
  id: number;
  name: string;
  membershipLevel: string | null;
  isAdmin: boolean;
  permissions: Record<string, boolean>;
  disabled: boolean;
}

const PERMISSION_LABELS: Record<(typeof PERMISSIONS)[number], string> = {
  manage_content: "Manage content (Create Content, the library)",
};

/** Change tier, admin right and permission flags, disable or enable, send a password reset. */
export function MemberActions({ member, isSelf }: { member: Member; isSelf: boolean }) {
  const router = useRouter();
  const [tier, setTier] = React.useState(member.membershipLevel ?? "");
  const update = useMutation({
    mutationFn: (patch: MemberUpdate) => apiRequest("PATCH", `/api/admin/members/${member.id}`, patch),
    onSuccess: () => {
      toast({ title: "Member updated" });
      router.refresh();
    },
    onError: (error) => toastError("Could not update the member", errorMessage(error, "Please try again.")),
  });
  const reset = useMutation({
    mutationFn: () => apiRequest("POST", `/api/admin/members/${member.id}/password-reset`),
    onSuccess: () => toast({ title: "Password reset link sent" }),
    onError: (error) => toastError("Could not send the link", errorMessage(error, "Please try again.")),
  });
  const busy = update.isPending || reset.isPending;

  return (
    <section aria-labelledby="actions-heading" className="grid gap-6 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id="actions-heading" className="text-2xl font-semibold">
        Tier and roles
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-2">
          <Label htmlFor="member-tier-select">Tier</Label>
          <NativeSelect
            id="member-tier-select"
            value={tier}
            onChange={(e) => setTier(e.target.value)}
            className="w-auto"
          >
            <option value="">No tier</option>
            {TIER_IDS.map((id) => (
              <option key={id} value={id}>
                {tierName(id)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button
          aria-disabled={tier === (member.membershipLevel ?? "") || undefined}
          pending={update.isPending && update.variables?.membershipLevel !== undefined}
          pendingLabel="Saving..."
          onClick={() => update.mutate({ membershipLevel: (tier || null) as MemberUpdate["membershipLevel"] })}
        >
          Change tier
        </Button>
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium">Roles</legend>
        <div className="flex items-center gap-2">
          <Checkbox
            id="role-admin"
            checked={member.isAdmin}
            disabled={isSelf && member.isAdmin}
            aria-disabled={busy || undefined}
            onCheckedChange={(checked) => busy || update.mutate({ isAdmin: checked === true })}
          />
          <Label htmlFor="role-admin">
            Administrator{isSelf && member.isAdmin ? " (you cannot remove your own)" : ""}
          </Label>
        </div>
        {PERMISSIONS.map((name) => (
          <div key={name} className="flex items-center gap-2">
            <Checkbox
              id={`permission-${name}`}
              checked={member.permissions[name] === true}
              aria-disabled={busy || undefined}
              onCheckedChange={(checked) => busy || update.mutate({ permissions: { [name]: checked === true } })}
            />
            <Label htmlFor={`permission-${name}`}>{PERMISSION_LABELS[name]}</Label>
          </div>
        ))}
      </fieldset>
      {/* Enable gives way to Disable: focus goes to the first button of the row. */}
      <RowFocusScope className="flex flex-wrap gap-3">
        <div data-row className="contents">
          {isSelf ? null : member.disabled ? (
            <Button variant="outline" pending={busy} onClick={() => update.mutate({ disabled: false })}>
              Enable account
            </Button>
          ) : (
            <ConfirmDisable name={member.name} busy={busy} onConfirm={() => update.mutate({ disabled: true })} />
          )}
          <Button
            variant="outline"
            aria-disabled={member.disabled || undefined}
            pending={busy}
            pendingLabel={reset.isPending ? "Sending..." : undefined}
            onClick={() => reset.mutate()}
          >
            Send password reset
          </Button>
        </div>
      </RowFocusScope>
    </section>
  );
}

/** Disabling ends her sessions at once and shuts her out: asked before it is done. */
function ConfirmDisable({ name, busy, onConfirm }: { name: string; busy: boolean; onConfirm: () => void }) {
  const [open, setOpen] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive" pending={busy}>
          Disable account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Disable {name}&rsquo;s account?</DialogTitle>
          <DialogDescription>
            She is signed out everywhere at once and cannot sign in until an administrator enables her account again.
            Her profile, posts and payments stay as they are.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            Disable account
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
