/**
 * CSV exports for the staff area (issue 9, point 7): RFC 4180 text, UTF-8 with
 * a byte-order mark (so spreadsheet programs read accents right), CRLF line
 * ends, and cells that a spreadsheet would run as a formula neutralised.
 * Rows come from the database a batch at a time (keyset pagination), so an
 * export of any size holds one batch in memory, never the whole result.
 */

export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number | boolean | null | undefined };

const BOM = "\uFEFF";
/** A cell starting with one of these is a formula (or DDE) to Excel, LibreOffice and Google Sheets. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, quoted when it must be, with a leading formula character defused by a single quote (OWASP). */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "string" ? value : String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: ReadonlyArray<string | number | boolean | null | undefined>): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * Reads a table in pages ordered by a unique key: each page starts after the
 * last row of the one before. `fetchPage(after, limit)` returns up to `limit`
 * rows after the cursor `after` (null for the first page), in key order.
 */
export async function* keysetRows<Row, Cursor>(
  fetchPage: (after: Cursor | null, limit: number) => Promise<Row[]>,
  cursorOf: (row: Row) => Cursor,
  batchSize = 500,
): AsyncGenerator<Row> {
  let after: Cursor | null = null;
  for (;;) {
    const page = await fetchPage(after, batchSize);
    for (const row of page) yield row;
    if (page.length < batchSize) return;
    after = cursorOf(page[page.length - 1]!);
  }
}

/**
 * The CSV as a byte stream that pulls rows only as fast as the client reads
 * (back-pressure): the BOM and header first, then one line a row.
 */
export function csvStream<Row>(columns: CsvColumn<Row>[], rows: AsyncIterable<Row>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(BOM + csvLine(columns.map((c) => c.header))));
          return;
        }
        // Lines are joined into chunks of about 64 KB: fewer, larger writes.
        let chunk = "";
        while (chunk.length < 64 * 1024) {
          const next = await iterator.next();
          if (next.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          chunk += csvLine(columns.map((c) => c.value(next.value)));
        }
        controller.enqueue(encoder.encode(chunk));
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}

/** `family-consultation-registrations_2026-01-01_to_2026-03-31.csv`; 'all' for an open end. */
export function csvFileName(base: string, from: string | null | undefined, to: string | null | undefined): string {
  const part = (d: string | null | undefined, open: string) => (d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? d : open);
  return `${base}_${part(from, "start")}_to_${part(to, "today")}.csv`;
}

/** Headers for a download: never cached, never sniffed, saved under `fileName`. */
export function csvHeaders(fileName: string): Headers {
  return new Headers({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${fileName.replace(/["\\\r\n]/g, "")}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
}
