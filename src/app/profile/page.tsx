import type { Metadata } from "next";
import { eq } from "drizzle-orm";
import { db } from "@/db";
import { membershipTiers, users } from "@/db/schema";
import { Badge } from "@/components/ui/badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { PaymentHistory } from "@/components/profile/payment-history";
import { MEMBER } from "@/lib/auth/access";
import { formatDate } from "@/lib/format";
import { requirePageAccess } from "@/server/auth/current-user";

export const metadata: Metadata = { title: "My Profile", robots: { index: false } };

// A modest profile for the signed-in member; the full profile screen (spec 02 section 2.9) builds on it.
export default async function ProfilePage() {
  const me = await requirePageAccess(MEMBER);
  const [row] = await db
    .select({ memberSince: users.memberSince, createdAt: users.createdAt, tierTitle: membershipTiers.title })
    .from(users)
    .leftJoin(membershipTiers, eq(membershipTiers.id, users.membershipLevel))
    .where(eq(users.id, me.id))
    .limit(1);
  const since = row?.memberSince ?? row?.createdAt;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-semibold">
        {me.firstName} {me.lastName}
      </h1>
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        {row?.tierTitle ? <Badge>{row.tierTitle} Member</Badge> : null}
        <span className="text-muted-foreground">@{me.username}</span>
        {since ? <span>Member since {formatDate(since)}</span> : null}
      </div>
      <Tabs defaultValue="overview" className="mt-8">
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="payments">Payments</TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="mt-6">
          <p>Welcome to the community, {me.firstName}. Explore the forum, the library and upcoming events from the menu.</p>
        </TabsContent>
        <TabsContent value="payments" className="mt-6">
          <h2 className="mb-4 text-xl font-semibold">Payment history</h2>
          <PaymentHistory url={`/api/users/${me.id}/payment-transactions`} caption="Your payments, newest first" />
        </TabsContent>
      </Tabs>
    </div>
  );
}
