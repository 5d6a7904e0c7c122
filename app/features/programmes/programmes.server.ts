import { sql } from "kysely";
import type { Database } from "~/db/db.server";
import type { ProgrammeKind, ProgrammeRow } from "~/db/schema";
import { upcomingSessions, type EventJson } from "~/features/events/events.server";
import { sanitizeRichText } from "~/lib/sanitize.server";
import type { ListQuery } from "./query";
import { likePattern } from "~/features/admin-lists/lists.server";

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The JSON shape of a programme (spec part 2 §3), `_id` included; rich text sanitised again on the way out (S4). */
export function programmeToJson(row: ProgrammeRow, upcomingEvents: EventJson[] = []) {
  return {
    _id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    subtitle1: row.subtitle1,
    level: row.level,
    cardPoints: parseJson<string[]>(row.card_points, []).map((p) => sanitizeRichText(String(p))),
    learningSections: parseJson<Array<{ _id: string; title: string; content: string }>>(row.learning_sections, []).map((s) => ({
      _id: String(s._id),
      title: String(s.title),
      content: sanitizeRichText(String(s.content)),
    })),
    enrollment_features: parseJson<string[]>(row.enrollment_features, []),
    duration: row.duration,
    buttonText: row.button_text,
    videoUrl: row.video_url,
    thumbnail: row.thumbnail,
    certification: row.certification,
    price: row.price_cents === null ? null : row.price_cents / 100,
    currency: row.currency,
    status: row.status,
    kind: row.kind,
    details: parseJson<unknown>(row.details ?? "null", null),
    /** The earlier level a registrant must have attended (decision 0031), or null. */
    requiredProgramId: row.requires_programme_id ?? null,
    upcomingEvents,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export type ProgrammeJson = ReturnType<typeof programmeToJson>;

/**
 * One page of a kind's programmes, highest `sort_order` first (newest first, as
 * the original server answered; the landing page shows the list reversed).
 */
export async function listProgrammes(db: Database, kind: ProgrammeKind, q: ListQuery) {
  let base = db.selectFrom("programmes").where("kind", "=", kind);
  if (q.search) {
    const pattern = likePattern(q.search);
    // ESCAPE spelt out: PostgreSQL defaults to backslash, SQLite has no default.
    base = base.where(
      sql<boolean>`(lower(title) like ${pattern} escape '\\' or lower(subtitle) like ${pattern} escape '\\' or lower(status) like ${pattern} escape '\\')`,
    );
  }
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy("sort_order", "desc")
      .orderBy("created_at", "desc")
      // A unique last key: two programmes with equal order and time (an imported batch) never swap between pages.
      .orderBy("id", "desc")
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
  ]);
  const totalPrograms = Number(total);
  const sessions = await upcomingSessions(db, rows.map((r) => r.id));
  return {
    programs: rows.map((r) => programmeToJson(r, sessions.get(r.id) ?? [])),
    totalPages: Math.max(1, Math.ceil(totalPrograms / q.limit)),
    totalPrograms,
    currentPage: q.page,
  };
}

export async function getProgramme(db: Database, kind: ProgrammeKind, id: string) {
  const row = await db.selectFrom("programmes").selectAll().where("kind", "=", kind).where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const sessions = await upcomingSessions(db, [row.id]);
  return programmeToJson(row, sessions.get(row.id) ?? []);
}

/** The programme of a kind at a level (the /level/{n} pages read DECODE's), with its sessions. */
export async function getProgrammeByLevel(db: Database, kind: ProgrammeKind, level: number) {
  const row = await db
    .selectFrom("programmes")
    .selectAll()
    .where("kind", "=", kind)
    .where("level", "=", level)
    .orderBy("sort_order")
    .executeTakeFirst();
  if (!row) return null;
  const sessions = await upcomingSessions(db, [row.id]);
  return programmeToJson(row, sessions.get(row.id) ?? []);
}

/** Every programme of a kind as the staff form's 'Required level' choices: id, title and its own requirement. */
export async function levelChoices(db: Database, kind: ProgrammeKind) {
  const rows = await db
    .selectFrom("programmes")
    .select(["id", "title", "requires_programme_id"])
    .where("kind", "=", kind)
    // Programmes without a level after the numbered ones, on both databases (SQLite sorts NULL first, PostgreSQL last).
    .orderBy(sql`level is null`)
    .orderBy("level")
    .orderBy("sort_order")
    .orderBy("title")
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, requiresId: r.requires_programme_id ?? null }));
}

/** Every programme's id and last change, for the sitemap. */
export async function programmeSitemapEntries(db: Database) {
  return db.selectFrom("programmes").select(["id", "kind", "level", "updated_at"]).orderBy("kind").orderBy("sort_order").execute();
}
