import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { DB } from "~/db/schema";

/**
 * The audit trail (issue 9, point 12): who did what to which record, when and
 * from which address. The application only inserts: nothing here, nor anywhere
 * else, updates or deletes a row.
 */
import { AUDIT_ACTIONS, type AuditAction } from "./actions.ts";
import { answeringHead } from "./head-request.server.ts";
import { searchFold } from "../../lib/search-fold.ts";

export { AUDIT_ACTIONS, type AuditAction };

export type AuditActor = { id: string; email: string } | { id: null; email: string | null };

export type AuditEntry = {
  action: AuditAction;
  actor: AuditActor;
  /** What the action was about, e.g. { type: "registration", id }. */
  target?: { type: string; id?: string | null };
  ip?: string | null;
  /** Anything else worth keeping, as a small JSON object. Never a password or a token. */
  detail?: Record<string, unknown>;
};

/** Records one action. Every feature that shows, exports or changes personal data calls this. */
export async function recordAudit(db: Kysely<DB>, entry: AuditEntry, at = new Date()): Promise<void> {
  // A HEAD sends no body: nothing was seen (decision 0109).
  if (entry.action === "view" && answeringHead()) return;
  await db
    .insertInto("audit_events")
    .values({
      id: crypto.randomUUID(),
      at: at.toISOString(),
      actor_id: entry.actor.id,
      actor_email: entry.actor.email?.slice(0, 254) ?? null,
      action: entry.action,
      target_type: entry.target?.type ?? null,
      target_id: entry.target?.id ?? null,
      ip: entry.ip ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    })
    .execute();
}

export const AUDIT_PAGE_SIZE = 25;

export type AuditQuery = { action?: AuditAction | undefined; q?: string | undefined; page: number };

export type AuditRecord = {
  id: string;
  at: string;
  actorEmail: string | null;
  action: AuditAction | string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  detail: Record<string, unknown> | null;
};

function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A text found in the actor's address, the record's id or type, or the address it came from; null for none. Each side has its index on PostgreSQL (migration 0036). */
export function auditSearch(text: string | undefined) {
  const q = text === undefined ? "" : searchFold(text.trim());
  if (!q) return null;
  const like = `%${escapeLike(q)}%`;
  return sql<boolean>`(lower(actor_email) like ${like} escape '\\' or lower(target_id) like ${like} escape '\\' or lower(target_type) like ${like} escape '\\' or ip like ${like} escape '\\')`;
}

/** Newest first, filtered by action and by a text found in the actor's address, the record's id or type. */
export async function listAudit(db: Kysely<DB>, query: AuditQuery) {
  let base = db.selectFrom("audit_events");
  if (query.action) base = base.where("action", "=", query.action);
  const search = auditSearch(query.q);
  if (search) base = base.where(search);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const totalPages = Math.max(1, Math.ceil(Number(total) / AUDIT_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), totalPages);
  // The page's ids first, read from the (at, id) index alone, then only those rows: a deep page skips over
  // ids, not over whole entries (decision 0113).
  const ids = base.select("id").orderBy("at", "desc").orderBy("id", "desc").limit(AUDIT_PAGE_SIZE).offset((page - 1) * AUDIT_PAGE_SIZE);
  const rows = await db.selectFrom("audit_events").selectAll().where("id", "in", ids).orderBy("at", "desc").orderBy("id", "desc").execute();
  const records: AuditRecord[] = rows.map((r) => ({
    id: r.id,
    at: r.at,
    actorEmail: r.actor_email,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    ip: r.ip,
    detail: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : null,
  }));
  return { records, total: Number(total), page, totalPages, limit: AUDIT_PAGE_SIZE };
}

/** The filter from a URL's query (?action=&q=&page=), tolerant of junk: unknown values are ignored. */
export function auditQueryFrom(params: URLSearchParams): AuditQuery {
  const action = params.get("action") ?? "";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    action: Object.hasOwn(AUDIT_ACTIONS, action) ? (action as AuditAction) : undefined,
    q: (params.get("q") ?? "").slice(0, 200) || undefined,
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/**
 * What the API refuses in the same query (the screen reads it tolerantly, above):
 * a page that is not a whole number from 1, an action the trail does not record.
 */
export function auditQueryErrors(params: URLSearchParams): Partial<Record<"page" | "action", string>> {
  const errors: Partial<Record<"page" | "action", string>> = {};
  const page = (params.get("page") ?? "").trim();
  if (page !== "" && !(/^\d{1,6}$/.test(page) && Number(page) >= 1)) errors.page = "Page must be a whole number from 1";
  const action = params.get("action");
  if (action && !Object.hasOwn(AUDIT_ACTIONS, action)) errors.action = `Action must be one of: ${Object.keys(AUDIT_ACTIONS).join(", ")}`;
  return errors;
}

/** What a staff list read through the API returned: a page by its ids, or the whole list by its count (decision 0063). */
export type ListRead = { page: number; searched: boolean; ids: string[] } | { all: true; count: number; searched: boolean };

/** A staff list read through the API, recorded as a view of the personal details it returned (decisions 0020, 0064). */
export async function recordListRead(db: Kysely<DB>, who: { actor: AuditActor; ip: string | null }, type: string, read: ListRead): Promise<void> {
  await recordAudit(db, { action: "view", actor: who.actor, ip: who.ip, target: { type }, detail: { via: "api", ...read } });
}
