/**
 * Contact messages in the staff area (issue 9, points 5, 7, 11 and 12): the
 * list (server-side search and paging, D9), one message, its status (New, Read,
 * Replied) and the CSV export, read in keyset batches. Every view of a
 * message, status change and export is written to the audit trail by the
 * function that does it, in the same transaction as the change.
 */
import { sql, type Expression, type SqlBool } from "kysely";
import type { Database } from "~/db/db.server";
import type { ContactMessageRow } from "~/db/schema";
import { olderThan, dayRangeCondition, searchCondition } from "~/features/admin-lists/lists.server";
import { clearWriteAheadLog, writeTransaction } from "~/db/transactions.server";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { anonymousContact } from "~/features/retention/retention.server";
import { csvMoment, csvMomentHeader, keysetRows, type CsvColumn } from "~/features/exports/csv.server";
import { paginationOf, pageWindow, type ListQuery } from "~/lib/list-query";
import { countryOptions } from "./schema";
import { contactStatusLabel, CONTACT_STATUS_LABELS, type ContactStatus } from "./status";
import { searchFold } from "~/lib/search-fold";

export const CONTACT_NOT_FOUND = "Contact message not found";
export const CONTACT_STATUS_SAVED = "Status updated successfully";
export const CONTACT_ERASED = "The sender's personal details and message were erased.";
export const CONTACTS_PAGE_SIZE = 10;

export type StaffActor = { actor: AuditActor; ip: string | null };

const SEARCH_COLUMNS = ["first_name", "last_name", "email", "phone_number", "country", "status"] as const;

/**
 * Spec part 2 §9: name, email, country, phone and status. Each word must be in
 * one of them; a word also finds the countries whose name holds it ('kingdom'
 * finds UK), since the column keeps the code the form sends.
 */
export function contactSearch(search: string): Expression<SqlBool> | null {
  const terms = searchFold(search).split(/\s+/).filter(Boolean).slice(0, 6);
  if (terms.length === 0) return null;
  const perTerm = terms.map((term) => {
    const columns = searchCondition(SEARCH_COLUMNS, term)!;
    const countries = countryOptions.filter((c) => c.label.toLowerCase().includes(term)).map((c) => c.value);
    return countries.length ? sql<SqlBool>`(${columns} or country in (${sql.join(countries)}))` : columns;
  });
  return sql<SqlBool>`(${sql.join(perTerm, sql` and `)})`;
}

function filtered(db: Database, query: Pick<ListQuery, "search" | "startDate" | "endDate">) {
  let base = db.selectFrom("contact_messages");
  const search = contactSearch(query.search);
  if (search) base = base.where(search);
  const range = dayRangeCondition("created_at", query);
  if (range) base = base.where(range);
  return base;
}

const countryName = (code: string) => countryOptions.find((c) => c.value === code)?.label ?? code;

const formatted = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "America/New_York" });

/** 'Nov 23, 2026, 1:50 PM' in the organisation's time zone (New York). */
export function formatReceived(iso: string): string {
  return formatted.format(new Date(iso));
}

/** Spec part 2 §3 'Contact (admin)', `_id` and the original's aliases included. */
export function contactToJson(row: ContactMessageRow) {
  const fullName = `${row.first_name} ${row.last_name}`.trim();
  return {
    _id: row.id,
    fullName,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phoneNumber: row.phone_number,
    contactNo: row.phone_number,
    country: row.country,
    countryName: countryName(row.country),
    zipCode: row.zip_code,
    message: row.message,
    status: contactStatusLabel(row.status),
    statusChangedAt: row.status_changed_at,
    statusChangedBy: row.status_changed_by,
    createdAt: row.created_at,
    formattedDate: formatReceived(row.created_at),
    /** When the sender's details were erased (on request or by the retention job); null while they are kept. */
    erasedAt: row.anonymised_at,
  };
}

export type ContactJson = ReturnType<typeof contactToJson>;

/** One page of messages, newest first. A page past the end shows the last one. */
export async function listContacts(db: Database, query: ListQuery) {
  const base = filtered(db, query);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const { page, offset } = pageWindow(Number(total), query.page, query.limit);
  // The page's ids first, walked in the (created_at, id) index, then only those rows: a deep page skips over
  // ids, not over whole messages (decision 0113).
  const ids = base.select("id").orderBy("created_at", "desc").orderBy("id", "desc").limit(query.limit).offset(offset);
  const rows = await db.selectFrom("contact_messages").selectAll().where("id", "in", ids).orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return { contacts: rows.map(contactToJson), pagination: paginationOf("total", Number(total), page, query.limit) };
}

/**
 * Every message that matches, newest first (no page: the spec's contacts client
 * reads the whole list and searches it in the browser, decision 0063), read 500
 * at a time by keyset so memory stays flat.
 */
export async function allContacts(db: Database, query: Pick<ListQuery, "search" | "startDate" | "endDate">) {
  const { total } = await filtered(db, query).select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  return { total: Number(total), rows: matchingRows(db, query) };
}

/** The messages that match, newest first, read 500 at a time after the last (created_at, id) seen. */
function matchingRows(db: Database, query: Pick<ListQuery, "search" | "startDate" | "endDate">) {
  return keysetRows<ContactMessageRow, { at: string; id: string }>(
    (after, limit) => {
      let q = filtered(db, query).selectAll();
      if (after) q = q.where(olderThan("created_at", "id", after));
      return q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
    },
    (row) => ({ at: row.created_at, id: row.id }),
  );
}

/** One message for a staff member, the view recorded in the audit trail (it shows personal details). */
export async function viewContact(db: Database, id: string, who: StaffActor): Promise<ContactJson | null> {
  if (id.length > 100) return null;
  const row = await db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  await recordAudit(db, { action: "view", actor: who.actor, ip: who.ip, target: { type: "contact", id } });
  return contactToJson(row);
}

/** Sets a message's status; the change and its audit entry commit together. Null when there is no such message. */
export async function setContactStatus(db: Database, id: string, status: ContactStatus, who: StaffActor): Promise<ContactJson | null> {
  if (id.length > 100) return null;
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("contact_messages").select("status").where("id", "=", id).executeTakeFirst();
    if (!before) return null;
    const row = await trx
      .updateTable("contact_messages")
      .set({ status, status_changed_at: new Date().toISOString(), status_changed_by: who.actor.email })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      action: "update",
      actor: who.actor,
      ip: who.ip,
      target: { type: "contact", id },
      detail: { field: "status", from: contactStatusLabel(before.status), to: CONTACT_STATUS_LABELS[status] },
    });
    return contactToJson(row);
  });
}

/**
 * A sender's request to be forgotten, carried out by staff (decision 0058):
 * the retention job's anonymisation, at once. The copies of the two mails about
 * the message go too. Recorded as `erase`. Null when there is no such message;
 * `already` when it was erased before (nothing changes or is recorded, even for
 * two erasures at once: only the one whose update finds it unerased goes on).
 */
export async function eraseContact(db: Database, id: string, who: StaffActor, now = new Date()): Promise<ContactJson | "already" | null> {
  if (id.length > 100) return null;
  const done = await writeTransaction(db, async (trx) => {
    const erased = await trx.updateTable("contact_messages").set(anonymousContact(now)).where("id", "=", id).where("anonymised_at", "is", null).executeTakeFirst();
    if (Number(erased.numUpdatedRows) !== 1) {
      const exists = await trx.selectFrom("contact_messages").select("id").where("id", "=", id).executeTakeFirst();
      return exists ? ("already" as const) : null;
    }
    await trx.deleteFrom("outbox").where("topic", "=", `contact:${id}`).execute();
    await recordAudit(trx, { action: "erase", actor: who.actor, ip: who.ip, target: { type: "contact", id } }, now);
    return contactToJson(await trx.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow());
  });
  // Gone from the database file; gone from its write-ahead log too (decision 0109).
  if (done && done !== "already") await clearWriteAheadLog(db);
  return done;
}

const csvColumns: CsvColumn<ContactMessageRow>[] = [
  { header: "Name", value: (r) => `${r.first_name} ${r.last_name}` },
  { header: "Email", value: (r) => r.email },
  { header: "Phone", value: (r) => r.phone_number },
  { header: "Country", value: (r) => countryName(r.country) },
  { header: "Zip Code", value: (r) => r.zip_code },
  { header: "Message", value: (r) => r.message },
  { header: "Status", value: (r) => contactStatusLabel(r.status) },
  { header: csvMomentHeader("Received"), value: (r) => csvMoment(r.created_at) },
  { header: "ID", value: (r) => r.id },
];

/**
 * The export: every message matching the search and date range, newest first,
 * read 500 at a time after the last (created_at, id) seen, so memory stays flat
 * whatever the size. The export is recorded before the first byte is sent.
 */
/** The file name's start: `contacts_{from}_to_{to}.csv`. */
export const CONTACTS_CSV_BASE = "contacts";

export async function exportContacts(db: Database, query: Pick<ListQuery, "search" | "startDate" | "endDate">, who: StaffActor) {
  await recordAudit(db, {
    action: "export",
    actor: who.actor,
    ip: who.ip,
    target: { type: "contacts" },
    // Whether a search narrowed it, not what was typed (decision 0056).
    detail: { searched: query.search !== "", startDate: query.startDate, endDate: query.endDate },
  });
  return { columns: csvColumns, rows: matchingRows(db, query) };
}
