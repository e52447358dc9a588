"use client";

import * as React from "react";
import { useMutation } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast, toastError } from "@/hooks/use-toast";
import { refreshCurrentUser } from "@/hooks/use-auth";
import { apiRequest, errorMessage } from "@/lib/api-client";
import type { SpiritualProfile as Profile } from "@/features/spiritual-profile/types";
import type { AstrologyReport, GeneKeyReport, HumanDesignReport, Report } from "@/features/spiritual-profile/types";
import { REPORT_LABEL, type ReportKind } from "@/features/spiritual-profile/schemas";
import { BirthDataForm, type BirthDataFormHandle } from "./birth-data-form";
import { AstrologyReportView, GeneKeyReportView, HumanDesignReportView } from "./report-views";

const TAB_TITLE: Record<ReportKind, string> = {
  astrology: "Astrology",
  "gene-key": "Gene Key",
  "human-design": "Human Design",
};

export function SpiritualProfile({ userId, initial }: { userId: number; initial: Profile }) {
  const [tab, setTab] = React.useState<string>("birth-data");
  const [birthData, setBirthData] = React.useState(initial.birthData);
  const [reports, setReports] = React.useState(initial.reports);
  const generate = useMutation({
    mutationFn: (kind: ReportKind) => apiRequest<Report>("POST", `/api/profile/${kind}`),
    onSuccess: (report, kind) => {
      setReports((r) => ({ ...r, [kind]: report }));
      setTab(kind);
      void refreshCurrentUser();
      toast({ title: `Your ${REPORT_LABEL[kind]} report has been generated` });
    },
    onError: (error, kind) =>
      toastError(`Failed to generate your ${REPORT_LABEL[kind]} report`, errorMessage(error, "Please try again.")),
  });
  const birthForm = React.useRef<BirthDataFormHandle>(null);
  const requestReport = async (kind: ReportKind) => {
    // Report generation validates the birth data first: each missing field says so.
    if (!birthData) {
      setTab("birth-data");
      // The form is on the Birth Data tab: once it shows, its fields get their messages and focus.
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const valid = await birthForm.current?.validate();
      toastError(
        `Failed to generate your ${REPORT_LABEL[kind]} report`,
        valid ? "Please save your birth data first." : "Please fill in your birth date, time and location.",
      );
      return;
    }
    generate.mutate(kind);
  };

  return (
    <div className="grid gap-6">
      <Tabs value={tab} onValueChange={setTab} className="min-w-0">
        <TabsList className="flex h-auto w-full flex-wrap">
          <TabsTrigger value="birth-data">Birth Data</TabsTrigger>
          <TabsTrigger value="astrology">Astrology</TabsTrigger>
          <TabsTrigger value="gene-key">Gene Key</TabsTrigger>
          <TabsTrigger value="human-design">Human Design</TabsTrigger>
        </TabsList>
        <TabsContent value="birth-data">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Your birth data</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-6">
              <BirthDataForm
                ref={birthForm}
                userId={userId}
                saved={birthData}
                onSaved={(data) => {
                  setBirthData(data);
                  setReports({ astrology: null, "gene-key": null, "human-design": null });
                }}
              />
              <div className="flex flex-wrap gap-3 border-t pt-4">
                {(Object.keys(TAB_TITLE) as ReportKind[]).map((kind) => (
                  <Button
                    key={kind}
                    type="button"
                    variant="secondary"
                    pending={generate.isPending}
                    onClick={() => void requestReport(kind)}
                  >
                    Generate {TAB_TITLE[kind]} Report
                  </Button>
                ))}
              </div>
            </CardContent>
          </Card>
        </TabsContent>
        {(Object.keys(TAB_TITLE) as ReportKind[]).map((kind) => {
          const report = reports[kind];
          return (
            <TabsContent key={kind} value={kind}>
              <Card>
                <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
                  <CardTitle as="h2">Your {TAB_TITLE[kind]} report</CardTitle>
                  <Button type="button" pending={generate.isPending} onClick={() => void requestReport(kind)}>
                    {generate.isPending && generate.variables === kind && (
                      <Loader2 className="animate-spin" aria-hidden="true" />
                    )}
                    {report ? "Regenerate" : "Generate"} {TAB_TITLE[kind]} Report
                  </Button>
                </CardHeader>
                <CardContent>
                  {!report ? (
                    <p className="text-muted-foreground">No report yet. Save your birth data, then generate it here.</p>
                  ) : report.kind === "astrology" ? (
                    <AstrologyReportView report={report as AstrologyReport} />
                  ) : report.kind === "human-design" ? (
                    <HumanDesignReportView report={report as HumanDesignReport} />
                  ) : (
                    <GeneKeyReportView report={report as GeneKeyReport} />
                  )}
                </CardContent>
              </Card>
            </TabsContent>
          );
        })}
      </Tabs>
      <p className="text-sm text-muted-foreground">
        Your birth data and reports are private: they are stored encrypted and only you can see them. Not even
        administrators can.
      </p>
    </div>
  );
}
