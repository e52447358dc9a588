"use client";

import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { useForumMutation } from "./use-forum-mutation";

export function ReplyEmailSetting({ emailOnReplies }: { emailOnReplies: boolean }) {
  const save = useForumMutation<boolean>({
    request: (value) => ({ method: "PUT", path: "/api/forum/preferences", body: { emailOnReplies: value } }),
    success: { title: "Settings saved" },
    failure: { title: "Error saving settings", description: "Please try again." },
  });
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id="email-on-replies"
        checked={emailOnReplies}
        aria-disabled={save.isPending || undefined}
        onCheckedChange={(checked) => save.isPending || save.mutate(checked === true)}
      />
      <Label htmlFor="email-on-replies" className="grid gap-1 leading-normal">
        Email me about new replies in topics I started or replied to
        <span className="text-sm font-normal text-muted-foreground">At most one email per topic per hour.</span>
      </Label>
    </div>
  );
}

export function UnblockButton({ userId, name }: { userId: number; name: string }) {
  const unblock = useForumMutation({
    request: () => ({ method: "DELETE", path: `/api/forum/blocks/${userId}` }),
    success: { title: "Member unblocked", description: `You will see posts by ${name} again.` },
    failure: { title: "Unblock failed", description: "Please try again." },
  });
  return (
    <Button type="button" size="sm" variant="outline" pending={unblock.isPending} onClick={() => unblock.mutate()}>
      Unblock<span className="sr-only"> {name}</span>
    </Button>
  );
}
