import type { Kysely } from "kysely";
import type { DB, EventRow } from "~/db/schema";
import { formatSessionWhen } from "~/features/events/format";
import { placeLabel, replyAddress, replyOrWrite } from "~/features/mail/addressing";
import { factsText, htmlPage, type Facts } from "~/features/mail/layout.server";
import type { OutgoingMail } from "~/features/mail/outbox.server";
import type { SiteSettings } from "~/site-settings";
import { isWireTrue } from "~/lib/wire-flag";

/**
 * Joining a full session's waiting list (issue 11 point 1, decision 0026): the
 * registration and booking forms send `waitingList=true` (the dialog's 'Join
 * the waiting list'); the entry is the same row a seat would be, with status
 * 'waiting', so nothing of the form is lost and the offer's confirmation only
 * changes its status.
 */
export function wantsWaitingList(values: Record<string, unknown>): boolean {
  return isWireTrue(values.waitingList);
}

/**
 * The moment a new waiting-list entry is stored as having joined: now, or a
 * millisecond after the latest entry already in this session's list when that
 * is later. Called under the session's seat lock, so each entry joins strictly
 * after the one before it: two joins in the same millisecond, or on two
 * servers whose clocks differ a little, keep the order in which they took the
 * lock. The list, its places and its offers are all read in this order.
 */
export async function joinedAt(db: Kysely<DB>, eventId: string, now = new Date()): Promise<string> {
  let latest = now.getTime();
  for (const table of ["registrations", "family_bookings"] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.max("created_at").as("at"))
      .where("event_id", "=", eventId)
      .where("status", "in", ["waiting", "offered"])
      .executeTakeFirst();
    const at = row?.at ? Date.parse(String(row.at)) : Number.NaN;
    if (at >= latest) latest = at + 1;
  }
  return new Date(latest).toISOString();
}

/** The entry's place in its session's list (1 = next to be offered a seat), in order of arrival. */
export async function waitingPosition(db: Kysely<DB>, eventId: string, id: string): Promise<number> {
  const ahead = async (table: "registrations" | "family_bookings") => {
    const mine = await db.selectFrom(table).select("created_at").where("id", "=", id).executeTakeFirst();
    const at = mine?.created_at ?? new Date().toISOString();
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("event_id", "=", eventId)
      .where("status", "=", "waiting")
      .where((eb) => eb.or([eb("created_at", "<", at), eb.and([eb("created_at", "=", at), eb("id", "<=", id)])]))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  return (await ahead("registrations")) + (await ahead("family_bookings"));
}

export { WAITING_LIST_JOINED } from "~/features/events/seats";

export function waitingListMail(
  site: Pick<SiteSettings, "orgName" | "contactEmail">,
  w: { to: string; name: string; event: EventRow; position: number; topic: string },
): OutgoingMail {
  const { event } = w;
  // In the words and to the address of the booking or registration it would become (decision 0057).
  const kind = event.kind === "family" ? "family-booking" : "registration";
  const facts: Facts = [
    ["Session", event.title],
    ["Date and time", formatSessionWhen(event.starts_at, event.ends_at, event.time_zone)],
    [placeLabel(kind), [event.venue, event.city].filter(Boolean).join(", ")],
    ["Your place on the list", String(w.position)],
  ];
  const subject = `On the waiting list: ${event.title} | ${site.orgName}`;
  const greeting = `Dear ${w.name},`;
  const intro = "The session below is full, so you are on its waiting list, in order of arrival. Nothing is booked yet.";
  const outro = [
    "When a seat frees up and it is your turn, we will email you a link that holds the seat for you for a limited time; confirm it there to take it.",
    `If you no longer wish to wait, ${replyOrWrite(site, event)}.`,
    `Warm regards,\nThe ${site.orgName} team`,
  ];
  return {
    topic: w.topic,
    to: w.to,
    replyTo: replyAddress(site, event),
    subject,
    text: `${greeting}\n\n${intro}\n\n${factsText(facts)}\n\n${outro.join("\n\n")}\n`,
    html: htmlPage(subject, [greeting, intro], facts, outro),
  };
}
