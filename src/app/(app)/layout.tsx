import { RecheckSessionOnMemberPages } from "@/components/auth/recheck-session-on-member-pages";
import { QueryProvider } from "@/components/query-provider";

/** The pages that fetch in the browser with TanStack Query; the public pages outside this group do not. */
export default function AppLayout({ children }: { children: React.ReactNode }) {
  return (
    <QueryProvider>
      <RecheckSessionOnMemberPages />
      {children}
    </QueryProvider>
  );
}
