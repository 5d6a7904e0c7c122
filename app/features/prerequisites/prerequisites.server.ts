import type { Kysely } from "kysely";
import type { AppServices, RequestInfo } from "~/context.server";
import type { DB, EventRow } from "~/db/schema";
import { reusableQuery } from "~/db/reusable.server";
import { consumeFormAllowance } from "~/features/contact/contact.server";
import { factsText, htmlPage, type Facts } from "~/features/mail/layout.server";
import type { OutgoingMail } from "~/features/mail/outbox.server";
import { sessionFacts } from "~/features/registrations/registration-mail.server";
import { emailPattern } from "~/lib/validation";
import type { SiteSettings } from "~/site-settings";
import { levelName, prerequisiteMessage, prerequisiteMetMessage } from "./rules";

/**
 * Level prerequisites on the server (issue 11 point 5, decision 0031): which
 * earlier level a session's programme requires, whether an email address
 * attended it, the public yes/no check the registration form asks before
 * submitting, and the mails of a registration held for approval.
 */

type Site = Pick<SiteSettings, "orgName" | "contactEmail" | "publicUrl">;

export type Requirement = {
  /** The programme of the session (the level registered for). */
  programme: { id: string; title: string };
  /** The earlier level it requires. */
  required: { id: string; title: string };
};

// Read for every registration of a programme's session: their SQL compiled once.
const requirementRow = reusableQuery((db, p: { programmeId: string }) =>
  db
    .selectFrom("programmes as p")
    .innerJoin("programmes as r", "r.id", "p.requires_programme_id")
    .select(["p.id as id", "p.title as title", "r.id as required_id", "r.title as required_title"])
    .where("p.id", "=", p.programmeId),
);
const attendedRow = reusableQuery((db, p: { emailKey: string; programmeId: string }) =>
  db.selectFrom("registrations").select("id").where("email_key", "=", p.emailKey).where("programme_id", "=", p.programmeId).where("attendance", "=", "attended"),
);

/** The earlier level a programme requires, or null (none set, or the programme is gone). */
export async function requirementOf(db: Kysely<DB>, programmeId: string | null): Promise<Requirement | null> {
  if (!programmeId) return null;
  const [row] = await requirementRow(db, { programmeId });
  return row ? { programme: { id: row.id, title: row.title }, required: { id: row.required_id, title: row.required_title } } : null;
}

/** Whether the email address (any case) attended a session of the programme, as staff marked it. */
export async function hasAttended(db: Kysely<DB>, email: string, programmeId: string): Promise<boolean> {
  const rows = await attendedRow(db, { emailKey: email.trim().toLowerCase(), programmeId });
  return rows.length > 0;
}

export type PrerequisiteCheck =
  | { status: "answered"; required: null }
  | { status: "answered"; required: { title: string; name: string }; met: boolean; message: string }
  | { status: "invalid"; errors: Record<string, string> }
  | { status: "not-found" }
  | { status: "rate-limited"; retryAfterSeconds: number; message: string };

const SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The form's question before submitting: does this session's level require an
 * earlier one, and has this email address attended it? The answer is only
 * yes or no for the address typed, never who else registered. Asking about a
 * level with a requirement counts against the address's form allowance (under
 * its own key, so checking never uses up the registration's own allowance).
 */
export async function checkPrerequisite(
  services: Pick<AppServices, "db" | "formLimiter">,
  request: Pick<RequestInfo, "ip">,
  values: Record<string, unknown>,
): Promise<PrerequisiteCheck> {
  const sessionId = typeof values.upcomingEventId === "string" || typeof values.upcomingEventId === "number" ? String(values.upcomingEventId).trim() : "";
  const email = typeof values.email === "string" ? values.email.trim() : "";
  const errors: Record<string, string> = {};
  if (!SESSION_ID.test(sessionId)) errors.upcomingEventId = "Please choose a session";
  if (!email) errors.email = "Email is required";
  else if (email.length > 254 || !emailPattern.test(email)) errors.email = "Please enter a valid email address";
  if (Object.keys(errors).length > 0) return { status: "invalid", errors };

  const event = await services.db.selectFrom("events").select(["programme_id", "kind"]).where("id", "=", sessionId).executeTakeFirst();
  if (!event || event.kind === "family") return { status: "not-found" };
  const requirement = await requirementOf(services.db, event.programme_id);
  if (!requirement) return { status: "answered", required: null };
  const limited = await consumeFormAllowance(services, request.ip, "prerequisite:");
  if (limited) return limited;
  const met = await hasAttended(services.db, email, requirement.required.id);
  return {
    status: "answered",
    required: { title: requirement.required.title, name: levelName(requirement.required.title) },
    met,
    message: met ? prerequisiteMetMessage(requirement.required.title) : prerequisiteMessage(requirement.programme.title, requirement.required.title),
  };
}

/** The JSON answer of POST /api/prerequisite-check. */
export function prerequisiteCheckResponse(outcome: PrerequisiteCheck): Response {
  switch (outcome.status) {
    case "answered":
      return Response.json(
        outcome.required
          ? { success: true, required: outcome.required, met: outcome.met, message: outcome.message }
          : { success: true, required: null, met: true, message: null },
        { headers: { "Cache-Control": "no-store" } },
      );
    case "invalid":
      return Response.json({ success: false, message: "Please fix the errors below", errors: outcome.errors }, { status: 400 });
    case "not-found":
      return Response.json({ success: false, message: "This session does not exist." }, { status: 404 });
    case "rate-limited":
      return Response.json({ success: false, message: outcome.message }, { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } });
  }
}

/** Someone whose registration waits for staff: what the mails say of them. */
export type AwaitingRegistrant = { id: string; firstName: string; nameOnCertificate: string; email: string; note: string };

/**
 * A registration held for approval: the registrant's mail (their seat is held,
 * nothing is confirmed yet, no calendar file) and the team's notice with the note.
 */
export function awaitingApprovalMails(site: Site, r: { registrant: AwaitingRegistrant; event: EventRow; programmeTitle: string | null; requiredTitle: string }): OutgoingMail[] {
  const { registrant, event } = r;
  const { session } = sessionFacts(event, r.programmeTitle);
  const required = levelName(r.requiredTitle);
  const subject = `Registration awaiting approval: ${event.title} | ${site.orgName}`;
  const greeting = `Dear ${registrant.firstName},`;
  const intro = `Thank you for registering with ${site.orgName}. ${levelName(r.programmeTitle ?? event.title)} requires ${required}, which you told us you completed elsewhere, so your registration awaits approval by our team. We are holding your seat in the session below meanwhile.`;
  const outro = [
    "We will email you as soon as it is approved (with your confirmation and the calendar file) or declined.",
    `If you have questions, reply to this email or write to ${site.contactEmail}.`,
    `Warm regards,\nThe ${site.orgName} team`,
  ];
  // The note is not repeated to the registrant: the address is not yet confirmed, and free text of up to
  // 500 characters (with its web addresses made links) would let anyone send our mail with their words in
  // it to anyone (decision 0110). The team's notice below carries it.
  const mail: OutgoingMail = {
    topic: `registration:${registrant.id}`,
    to: registrant.email,
    replyTo: site.contactEmail,
    subject,
    text: `${greeting}\n\n${intro}\n\n${factsText(session)}\n\n${outro.join("\n\n")}\n`,
    html: htmlPage(subject, [greeting, intro], session, outro),
  };
  const noticeSubject = `Approval needed: ${event.title} (${registrant.nameOnCertificate})`;
  const noticeIntro = `A registration awaits approval: the registrant has not attended ${required} here and says they completed it elsewhere. Approve or decline it on the staff screen 'Approvals'.`;
  const person: Facts = [
    ["Name", registrant.nameOnCertificate],
    ["Email", registrant.email],
    ["Their note", registrant.note],
    ["Registration id", registrant.id],
  ];
  const notice: OutgoingMail = {
    topic: `registration:${registrant.id}`,
    to: site.contactEmail,
    replyTo: registrant.email,
    subject: noticeSubject,
    text: `${noticeIntro}\n\n${factsText([...session, ...person])}\n\n${site.publicUrl}/admin/approvals\n`,
    html: htmlPage(noticeSubject, [noticeIntro], [...session, ...person], [], { label: "Open Approvals", url: `${site.publicUrl}/admin/approvals` }, { wholeTitle: true }),
  };
  return [mail, notice];
}

/** Staff declined: the registrant's mail (their seat is released). */
export function declinedMail(site: Site, r: { id: string; firstName: string; email: string; event: EventRow; programmeTitle: string | null; requiredTitle: string | null }): OutgoingMail {
  const { event } = r;
  const { session } = sessionFacts(event, r.programmeTitle);
  const required = r.requiredTitle ? levelName(r.requiredTitle) : "the earlier level";
  const subject = `Registration declined: ${event.title} | ${site.orgName}`;
  const greeting = `Dear ${r.firstName},`;
  const intro = `Thank you for your interest in ${site.orgName}. Our team could not confirm that you completed ${required}, so we are unable to accept your registration for the session below, and the seat we held for you has been released.`;
  const outro = [
    `Once you have completed ${required} with us, you are welcome to register again. If you think this is a mistake, reply to this email or write to ${site.contactEmail}.`,
    `Warm regards,\nThe ${site.orgName} team`,
  ];
  return {
    topic: `registration:${r.id}`,
    to: r.email,
    replyTo: site.contactEmail,
    subject,
    text: `${greeting}\n\n${intro}\n\n${factsText(session)}\n\n${outro.join("\n\n")}\n`,
    html: htmlPage(subject, [greeting, intro], session, outro),
  };
}

/** The opening sentence of the confirmation sent when staff approve. */
export function approvedIntro(site: Site, requiredTitle: string | null): string {
  const required = requiredTitle ? levelName(requiredTitle) : "the earlier level";
  return `Good news: our team has accepted the ${required} you completed elsewhere, so your registration with ${site.orgName} is approved and your place in the session below is confirmed.`;
}
