import "server-only";
import { stringify } from "csv-stringify/sync";
import { fileResponse } from "@/lib/http/file-response";

export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

/**
 * CSV downloads (RFC 4180, CRLF). Cells that a spreadsheet would run as a formula (=, +, -, @, tab,
 * CR) get a leading apostrophe, since names and addresses are typed by anyone. Exports stream a page
 * of rows at a time, so a download of any size holds one page in the server's memory.
 */
export type CsvCell = string | number | null | undefined;

/** Rows an export reads from the database at a time. */
export const CSV_PAGE_SIZE = 1000;

const defuse = (value: CsvCell): string => {
  const text = value == null ? "" : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};

function csvLines(rows: CsvCell[][]): string {
  return rows.length
    ? stringify(
        rows.map((row) => row.map(defuse)),
        { record_delimiter: "windows", quoted_match: /[\r\n]/ },
      )
    : "";
}

export function toCsv(header: readonly string[], rows: CsvCell[][]): string {
  return csvLines([[...header], ...rows]);
}

/**
 * The pages of a query read newest first by id: `page(beforeId)` returns up to CSV_PAGE_SIZE rows
 * with ids below `beforeId` (all ids the first time), in descending id order.
 */
export async function* pagesByIdDescending<T extends { id: number }>(
  page: (beforeId: number | undefined) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let beforeId: number | undefined;
  for (;;) {
    const rows = await page(beforeId);
    if (rows.length) yield rows;
    if (rows.length < CSV_PAGE_SIZE) return;
    beforeId = rows.at(-1)!.id;
  }
}

/** A CSV download as its feature module defines it: the file's name, its header, and each row's cells. */
export interface CsvExport<T> {
  name: string;
  header: readonly string[];
  row: (item: T) => CsvCell[];
}

/**
 * The download `{name}-{date}.csv`, streamed page by page. The first page is read before the
 * response starts, so a database that cannot answer still gets its 503 rather than a broken file.
 */
export async function csvResponse<T>(
  { name, header, row: toRow }: CsvExport<T>,
  pages: AsyncIterable<T[]>,
): Promise<Response> {
  const iterator = pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  const encoder = new TextEncoder();
  let pending: string | null = csvLines([[...header], ...(first.done ? [] : first.value.map(toRow))]);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pending !== null) {
        controller.enqueue(encoder.encode(pending));
        pending = null;
        return;
      }
      // A finished generator keeps answering done, so the empty export closes here too.
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvLines(next.value.map(toRow))));
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
  const date = new Date().toISOString().slice(0, 10);
  return fileResponse(body, {
    contentType: CSV_CONTENT_TYPE,
    filename: `${name}-${date}.csv`,
    disposition: "attachment",
    extra: { "Cache-Control": "no-store" },
  });
}
