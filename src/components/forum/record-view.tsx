"use client";

import * as React from "react";
import { apiRequest } from "@/lib/api-client";

/** Counts the member's view once the page has loaded (a POST: rendering a page changes nothing). */
export function RecordView({ topicId }: { topicId: number }) {
  React.useEffect(() => {
    apiRequest("POST", `/api/forum/topics/${topicId}/view`).catch(() => undefined);
  }, [topicId]);
  return null;
}
