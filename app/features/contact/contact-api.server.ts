/**
 * The staff JSON API of contact messages (spec part 2 §7 `GET /api/contacts`;
 * issue 9 point 11): the list, one message, its status and the CSV. The route
 * files wrap these in `withStaff` and pass the caller for the audit trail. The
 * public form keeps its own unauthenticated `POST /api/contact`.
 */
import type { Database } from "~/db/db.server";
import { recordListRead } from "~/features/audit/audit.server";
import { badListQuery as badQuery, csvDownload } from "~/features/exports/csv-download.server";
import { jsonError, readJsonObjectOrRefusal } from "~/lib/http.server";
import { paginationOf, parseListQuery } from "~/lib/list-query";
import { jsonListHeaders, jsonListStream } from "~/features/exports/json-stream.server";
import {
  allContacts,
  CONTACT_NOT_FOUND,
  CONTACT_STATUS_SAVED,
  CONTACTS_CSV_BASE,
  CONTACTS_PAGE_SIZE,
  contactToJson,
  exportContacts,
  listContacts,
  setContactStatus,
  viewContact,
  type StaffActor,
} from "./contact-admin.server";
import { validateContactStatus } from "./schema";
import { parseContactStatus } from "./status";

/** GET /api/contacts: `success`, `data`, `pagination` (with `total`). */
export async function contactListApi(db: Database, request: Request, who: StaffActor) {
  const params = new URL(request.url).searchParams;
  const { query, errors } = parseListQuery(params, { defaultLimit: CONTACTS_PAGE_SIZE });
  if (Object.keys(errors).length) return badQuery(errors as Record<string, string>);
  // Asked for nothing in particular: every message, as the spec's client reads them ("no paging", decision 0063), streamed.
  if (params.size === 0) {
    const all = await allContacts(db, query);
    await recordListRead(db, who, "contacts", { all: true, count: all.total, searched: false });
    const head = { success: true, message: all.total === 0 ? "No contacts found" : "Contacts fetched successfully" };
    const pagination = paginationOf("total", all.total, 1, Math.max(1, all.total));
    return new Response(jsonListStream(head, all.rows, contactToJson, { pagination }), { headers: jsonListHeaders() });
  }
  const { contacts, pagination } = await listContacts(db, query);
  await recordListRead(db, who, "contacts", { page: pagination.currentPage, searched: query.search !== "", ids: contacts.map((c) => c._id) });
  return Response.json({
    success: true,
    message: pagination.total === 0 ? "No contacts found" : "Contacts fetched successfully",
    data: contacts,
    pagination,
  });
}

/** GET /api/contacts/download-csv: the search and date range applied, streamed (HEAD: the headers alone). */
export function contactCsvApi(db: Database, request: Request, who: StaffActor) {
  return csvDownload(request, CONTACTS_CSV_BASE, (query) => exportContacts(db, query, who));
}

/** GET /api/contacts/{id}: one message (a recorded view). PATCH or PUT with `{ status }`: New, Read or Replied. */
export async function contactOneApi(db: Database, request: Request, id: string | undefined, who: StaffActor) {
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD" && method !== "PATCH" && method !== "PUT") return jsonError(405, "Use GET, PATCH or PUT.", undefined, { Allow: "GET, HEAD, PATCH, PUT" });
  if (!id || id.length > 100) return jsonError(404, CONTACT_NOT_FOUND);
  // HEAD is answered as GET (the server sends no body with it); the view it records is left out by runAsHead.
  if (method === "GET" || method === "HEAD") {
    const contact = await viewContact(db, id, who);
    return contact ? Response.json({ success: true, data: contact }) : jsonError(404, CONTACT_NOT_FOUND);
  }
  const body = await readJsonObjectOrRefusal(request);
  if (body instanceof Response) return body;
  const checked = validateContactStatus(body);
  if (!checked.ok) return jsonError(400, "Please correct the highlighted fields.", checked.errors);
  const contact = await setContactStatus(db, id, parseContactStatus(checked.data.status)!, who);
  return contact ? Response.json({ success: true, message: CONTACT_STATUS_SAVED, data: contact }) : jsonError(404, CONTACT_NOT_FOUND);
}
