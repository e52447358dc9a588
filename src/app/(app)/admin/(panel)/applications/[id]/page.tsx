import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ApplicationDetail } from "@/components/admin/applications/application-detail";
import type { ApplicationRow } from "@/components/admin/applications/types";
import { AppError } from "@/lib/errors";
import { getApplication } from "@/server/applications/queries";
import { paymentContext } from "../payment-context";
import { pageId } from "@/lib/page-input";

export const metadata: Metadata = { title: "Application", robots: { index: false } };

export default async function AdminApplicationPage({ params }: PageProps<"/admin/applications/[id]">) {
  const viewer = await requirePageAccess(ADMIN);
  const id = pageId((await params).id);
  const application = await getApplication(viewer, id).catch((error) => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });
  return (
    <div className="grid gap-6">
      <Link href="/admin/applications" className="text-sm text-primary underline underline-offset-4">
        Back to Applications
      </Link>
      <h1 className="text-3xl font-semibold">Application</h1>
      <ApplicationDetail
        id={id}
        initial={JSON.parse(JSON.stringify(application)) as ApplicationRow}
        payments={await paymentContext()}
      />
    </div>
  );
}
