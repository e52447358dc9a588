import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import type { Metadata } from "next";
import { TransactionsList } from "@/components/admin/money/transactions-list";

export const metadata: Metadata = { title: "Payment Transactions", robots: { index: false } };

export default async function PaymentTransactionsPage() {
  await requirePageAccess(ADMIN);
  return (
    <div className="grid gap-6">
      <h1 className="text-3xl font-semibold">Payment Transactions</h1>
      <TransactionsList />
    </div>
  );
}
