"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { RowFocusScope } from "@/components/ui/row-focus-scope";
import { DataTable } from "@/components/ui/data-table";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";

interface ActiveSession {
  id: string;
  device: string;
  ip: string | null;
  lastSeenAt: string;
  current: boolean;
}

const KEY = ["auth", "sessions"];

/** Her signed-in browsers (device, address, last seen); she ends any of them. */
export function SessionsList() {
  const queryClient = useQueryClient();
  const { data, isLoading } = useQuery({
    queryKey: KEY,
    queryFn: () => apiRequest<ActiveSession[]>("GET", "/api/auth/sessions"),
  });
  const end = useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/auth/sessions/${id}`),
    onSuccess: () => {
      toast({ title: "Session ended" });
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => toastError("Could not end the session", errorMessage(error, "Please try again.")),
  });
  const sessions = data ?? [];
  // Ending a session takes its row away: focus goes to the next one, or to the table.
  return (
    <RowFocusScope>
      <DataTable
        caption="Your active sessions"
        columns={["Browser", "Address", "Last seen", ""]}
        empty={isLoading ? "Loading..." : "No active sessions."}
        isEmpty={sessions.length === 0}
      >
        {sessions.map((s) => (
          <tr key={s.id} className="border-b last:border-b-0" data-row>
            <td className="px-4 py-3">
              {s.device}
              {s.current ? <span className="ml-2 font-medium">(this device)</span> : null}
            </td>
            <td className="px-4 py-3">{s.ip ?? "-"}</td>
            <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(s.lastSeenAt)}</td>
            <td className="px-4 py-3">
              {s.current ? null : (
                <Button
                  size="sm"
                  variant="outline"
                  pending={end.isPending && end.variables === s.id}
                  onClick={() => end.mutate(s.id)}
                >
                  End session
                </Button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </RowFocusScope>
  );
}
