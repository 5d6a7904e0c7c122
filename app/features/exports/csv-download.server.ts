import { jsonError } from "~/lib/http.server";
import { type ListQuery, parseListQuery } from "~/lib/list-query";
import { type CsvColumn, csvFileName, csvHeaders, csvStream } from "./csv.server";

export type ExportQuery = Pick<ListQuery, "search" | "startDate" | "endDate">;

/** The staff lists' answer to a query value they cannot use: 400 with a message per field. */
export const badListQuery = (errors: Record<string, string>) => jsonError(400, "Some query values cannot be used.", errors);

/**
 * A staff list's `download-csv`: the search and date range checked (400 with a
 * message per field; paging does not apply), then the export's rows streamed
 * under `{base}_{from}_to_{to}.csv`. A HEAD gets the same headers and no body:
 * nothing is read, and no export is recorded in the audit trail, since no
 * personal data left the server.
 */
export async function csvDownload<Row>(
  request: Request,
  base: string,
  run: (query: ExportQuery) => Promise<{ columns: CsvColumn<Row>[]; rows: AsyncIterable<Row> }>,
): Promise<Response> {
  const { query, errors } = parseListQuery(new URL(request.url).searchParams, { defaultLimit: 10 });
  delete errors.page;
  delete errors.limit;
  if (Object.keys(errors).length) return badListQuery(errors as Record<string, string>);
  const headers = csvHeaders(csvFileName(base, query.startDate, query.endDate));
  if (request.method === "HEAD") return new Response(null, { headers });
  const { columns, rows } = await run(query);
  return new Response(csvStream(columns, rows), { headers });
}
