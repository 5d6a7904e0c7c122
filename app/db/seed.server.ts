import { sql, type Kysely } from "kysely";
import { decodeProgrammes } from "../content/seed/decode-programmes.ts";
import { ichProgrammes, tassoProgramme } from "../content/seed/ich-programmes.ts";
import { seedSessions, type SeedSession } from "../content/seed/sessions.ts";
import { courseDetailDate, parseEventInstant } from "../features/events/format.ts";
import type { Database } from "./db.server.ts";
import type { DB } from "./schema.ts";
import { isPostgres } from "./migrations/types.ts";
import { writeTransaction } from "./transactions.server.ts";

const SEEDED_KEY = "demo_content_seeded_at";

/**
 * Level prerequisites of the demo programmes (spec part 2 §9, decision 0031):
 * DECODE levels 2–4 and ICH levels II–V require the level below.
 */
export const seedPrerequisites: Record<string, string> = {
  "decode-2": "decode-1",
  "decode-3": "decode-2",
  "decode-4": "decode-3",
  "ich-2": "ich-1",
  "ich-3": "ich-2",
  "ich-4": "ich-3",
  "ich-5": "ich-4",
};

/**
 * At start-up: seeds the demo content once, on the first start of a new database.
 * Later starts leave it alone, so a demo programme an administrator deleted stays deleted.
 *
 * Several instances may start together on one new database: the check, the
 * content and the flag are one write transaction, and on PostgreSQL an advisory
 * lock makes the second instance wait for the first and then find the flag
 * (on SQLite the immediate transaction already holds the one write lock).
 */
export async function seedOnFirstStart(db: Database): Promise<{ inserted: number }> {
  return writeTransaction(db, async (trx) => {
    if (isPostgres(trx as Kysely<unknown>)) await sql`select pg_advisory_xact_lock(hashtext('site:seed-on-first-start'))`.execute(trx);
    const done = await trx.selectFrom("app_meta").select("value").where("key", "=", SEEDED_KEY).executeTakeFirst();
    if (done) return { inserted: 0 };
    const inserted = await seedInto(trx);
    await trx
      .insertInto("app_meta")
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    return { inserted };
  });
}

/**
 * Demo content for a fresh site (`npm run db:seed` runs this directly). Idempotent: every row has a fixed id and is
 * inserted only when absent, so running it again changes nothing (and never
 * overwrites what an administrator has edited).
 */
export async function seedDemoContent(db: Database): Promise<{ inserted: number }> {
  return { inserted: await db.transaction().execute((trx) => seedInto(trx)) };
}

async function seedInto(trx: Kysely<DB>): Promise<number> {
  let inserted = 0;
  const now = new Date().toISOString();
  const all = [
    ...decodeProgrammes.map((p) => ({ ...p, kind: "decode" as const, details: null })),
    ...ichProgrammes,
    tassoProgramme,
  ];
  const existing = new Set(
    (await trx.selectFrom("programmes").select("id").where("id", "in", all.map((p) => p.id)).execute()).map((r) => r.id),
  );
  const present = new Set(existing);
  for (const p of all) {
    if (existing.has(p.id)) continue;
    const requires = seedPrerequisites[p.id];
    await trx
      .insertInto("programmes")
      .values({
        id: p.id,
        kind: p.kind,
        level: p.level,
        title: p.title,
        subtitle: p.subtitle,
        subtitle1: p.subtitle1 ?? null,
        card_points: JSON.stringify(p.cardPoints),
        learning_sections: JSON.stringify(p.learningSections),
        enrollment_features: JSON.stringify(p.enrollmentFeatures),
        duration: p.duration,
        button_text: p.buttonText,
        video_url: null,
        thumbnail: null,
        certification: p.certification,
        price_cents: p.priceCents,
        currency: "USD",
        status: "Open",
        sort_order: p.level,
        details: p.details ? JSON.stringify(p.details) : null,
        requires_programme_id: requires && present.has(requires) ? requires : null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    present.add(p.id);
    inserted += 1;
  }
  return inserted + (await seedDemoSessions(trx));
}

/** The venue-local date `days` after today there, as YYYY-MM-DD. */
function venueDay(now: Date, timeZone: string, days: number): string {
  const today = courseDetailDate(now, timeZone)!;
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** One session's start and end instants from its venue-local day and times. */
export function seedSessionTimes(session: SeedSession, now = new Date()): { startsAt: string; endsAt: string } {
  const startDay = venueDay(now, session.timeZone, session.inDays);
  const endDay = venueDay(now, session.timeZone, session.inDays + (session.spanDays ?? 0));
  const startsAt = parseEventInstant(`${startDay}T${session.from}`, session.timeZone)!;
  const endsAt = parseEventInstant(`${endDay}T${session.to}`, session.timeZone)!;
  return { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() };
}

/** Demo sessions (and the demo registrations and bookings that hold seats in some of them), each inserted only when absent. */
async function seedDemoSessions(trx: Kysely<DB>): Promise<number> {
  let inserted = 0;
  const now = new Date();
  const at = now.toISOString();
  const existing = new Set((await trx.selectFrom("events").select("id").execute()).map((r) => r.id));
  const programmeRows = await trx.selectFrom("programmes").select(["id", "status"]).execute();
  const programmes = new Set(programmeRows.map((r) => r.id));
  // A demo session put back into a programme staff closed is closed with it (decision 0061).
  const closed = new Set(programmeRows.filter((r) => r.status === "Closed").map((r) => r.id));
  for (const session of seedSessions) {
    if (existing.has(session.id)) continue;
    // A demo programme an administrator deleted keeps its sessions away too.
    if (session.programmeId && !programmes.has(session.programmeId)) continue;
    const { startsAt, endsAt } = seedSessionTimes(session, now);
    await trx
      .insertInto("events")
      .values({
        id: session.id,
        programme_id: session.programmeId,
        kind: session.kind,
        title: session.title,
        starts_at: startsAt,
        ends_at: endsAt,
        time_zone: session.timeZone,
        city: session.city,
        venue: session.venue,
        time_slot: session.timeSlot,
        capacity: session.capacity,
        price_cents: session.priceCents,
        currency: "USD",
        organiser: session.organiser,
        organiser_email: session.organiserEmail,
        facilitator: session.facilitator ?? null,
        payment_link: session.paymentLink ?? null,
        external_link: session.externalLink ?? null,
        page_link: null,
        status: "Open",
        no_enrol: session.noEnrol ? 1 : 0,
        programme_closed: session.programmeId && closed.has(session.programmeId) ? 1 : 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    inserted += 1;
    for (let i = 1; i <= (session.demoBookings ?? 0); i++) {
      const email = `demo.guest${i}+${session.id}@example.com`;
      await trx
        .insertInto("family_bookings")
        .values({
          id: `${session.id}-demo-${i}`,
          event_id: session.id,
          full_name: `Demo Guest ${i}`,
          email,
          email_key: email,
          phone: "5550100000",
          terms_accepted_at: at,
          created_at: at,
        })
        .execute();
    }
    for (let i = 1; i <= (session.demoRegistrations ?? 0); i++) {
      const email = `demo.attendee${i}+${session.id}@example.com`;
      await trx
        .insertInto("registrations")
        .values({
          id: `${session.id}-demo-${i}`,
          event_id: session.id,
          programme_id: session.programmeId,
          kind: session.kind === "hypnotherapy" || session.kind === "tasso" ? session.kind : "decode",
          first_name: "Demo",
          middle_name: null,
          last_name: `Attendee ${i}`,
          name_on_certificate: `Demo Attendee ${i}`,
          email,
          email_key: email,
          mobile_no: "5550100000",
          date_of_birth: "1985-06-15",
          occupation: "Demo registration",
          session_label: `${session.city} | ${session.title} | demo`,
          terms_accepted_at: at,
          level_name: session.title,
          created_at: at,
          ...(i <= (session.demoAttended ?? 0) ? { attendance: "attended" as const, attendance_marked_at: at, attendance_marked_by: "demo content" } : {}),
        })
        .execute();
    }
  }
  return inserted;
}
