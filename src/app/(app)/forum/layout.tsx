import { SIGNED_IN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";

export default async function ForumLayout({ children }: { children: React.ReactNode }) {
  await requirePageAccess(SIGNED_IN);
  return <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">{children}</div>;
}
