import { ArrowLeft } from "lucide-react";
import { useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { requestContext, servicesContext } from "~/context.server";
import { currentStaff } from "~/features/admin-auth/guard.server";
import { eventDateText } from "~/features/events/admin-format";
import { ATTENDANCE_INVALID, markAttendance, sessionRoster } from "~/features/prerequisites/attendance.server";
import { ATTENDANCE_LABELS, type AttendanceValue } from "~/features/prerequisites/rules";
import { staffDateTime } from "~/features/registrations/staff-format";
import { BadRequest, readForm } from "~/lib/http.server";
import type { Route } from "./+types/attendance-session";
import { whileBusy } from "~/components/ui/submit-button";
import { usePostPending } from "~/hooks/use-settled-action";
import { ActionResult } from "~/components/admin/action-result";
import { PlainMarker } from "~/components/admin/plain-marker";
import { answerSaved, withNotice } from "~/features/admin-auth/plain-notice.server";
import { useFormChanged, useUnsavedChanges } from "~/components/admin/unsaved-changes";
import { DraftRestoredNote, PAGE_DRAFT_RESTORED, usePlainFormDraft } from "~/components/admin/draft-restored";
import { draftKey } from "~/components/admin/staff-draft";
import { answerOrConnectionLost, CONNECTION_LOST_ON_PAGE, keptAfterConnectionLost } from "~/lib/connection-lost";
import { CARD_CELL } from "~/components/admin/card-cell";

/**
 * Staff: one session's attendance (decision 0031). A radio group per
 * registrant (Attended / Did not attend: arrow keys move inside a group, Tab
 * to the next person), saved together; each change is stored with who and
 * when and recorded in the audit trail. A plain form post: works without JavaScript.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.session ? `Attendance: ${loaderData.session.title}` : "Session not found"} | Staff area` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const roster = await sessionRoster(db, params.sessionId);
  if (!roster) return data({ session: null, entries: [], notice: null }, { status: 404 });
  const { session, entries } = roster;
  return withNotice(request, config.secureCookies, {
    session: {
      ...session,
      when: eventDateText(session.startsAt, session.endsAt, session.timeZone),
    },
    entries: entries.map((e) => ({ ...e, marked: e.markedAt ? `${staffDateTime(e.markedAt)}${e.markedBy ? ` by ${e.markedBy}` : ""}` : null })),
  });
}

/** A save whose answer never came is said on the page, which keeps the marks chosen (decision 0065). */
export const clientAction = (args: Route.ClientActionArgs) => answerOrConnectionLost(args, CONNECTION_LOST_ON_PAGE);
export const shouldRevalidate = keptAfterConnectionLost;

/** Enough for a few thousand registrants' marks (a form is 32 KB otherwise). */
const ATTENDANCE_BODY_LIMIT = 512 * 1024;

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, config } = context.get(servicesContext);
  const staff = currentStaff(context);
  const actor = { id: staff.accountId, email: staff.email, ip: context.get(requestContext).ip };
  let form: Record<string, string>;
  try {
    form = await readForm(request, ATTENDANCE_BODY_LIMIT);
  } catch (error) {
    if (error instanceof BadRequest) return data({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
  let marks: Record<string, unknown> = {};
  if (form.intent === "all-attended") {
    const roster = await sessionRoster(db, params.sessionId);
    if (!roster) return data({ ok: false, message: "This session cannot take attendance." }, { status: 404 });
    // Marks someone saved as 'Did not attend' are overwritten only once staff confirm it (a second post).
    const absent = roster.entries.filter((e) => e.attendance === "not_attended").length;
    if (absent > 0 && form.confirm !== "1") {
      return data({ ok: false, confirmAll: true, message: notAttendedWarning(absent) }, { status: 409 });
    }
    marks = Object.fromEntries(roster.entries.map((e) => [e.id, "attended"]));
  } else if (form.intent === "save") {
    for (const [key, value] of Object.entries(form)) if (key.startsWith("attendance.")) marks[key.slice("attendance.".length)] = value;
    if (Object.keys(marks).length === 0) return data({ ok: false, message: ATTENDANCE_INVALID }, { status: 400 });
  } else {
    return data({ ok: false, message: "Unknown request." }, { status: 400 });
  }
  const outcome = await markAttendance(db, actor, params.sessionId, marks);
  if (outcome.status === "not-found") return data({ ok: false, message: "This session cannot take attendance." }, { status: 404 });
  if (outcome.status === "invalid") return data({ ok: false, message: outcome.message }, { status: 400 });
  const n = outcome.changed;
  return answerSaved(request, form, config.secureCookies, n === 0 ? "Nothing changed." : `Attendance saved: ${n} ${n === 1 ? "change" : "changes"}.`);
}

function notAttendedWarning(n: number): string {
  return n === 1
    ? "1 person is marked 'Did not attend'. Mark everyone as attended anyway, including them?"
    : `${n} people are marked 'Did not attend'. Mark everyone as attended anyway, including them?`;
}

const cell = CARD_CELL;
const button = "inline-flex min-h-11 items-center rounded-full px-5 font-semibold";

export default function AttendanceSession({ loaderData, actionData: answered }: Route.ComponentProps) {
  const { session, entries } = loaderData;
  const navigation = useNavigation();
  const busy = usePostPending();
  // Marks chosen and not saved yet: leaving asks first (decision 0062). A save re-renders the radios with what was stored.
  const pageRef = useRef<HTMLDivElement>(null);
  const changed = useFormChanged(pageRef);
  const { question } = useUnsavedChanges(changed);
  // Marks sent and never answered (a sign-in that expired) come back when the page opens again.
  const formRef = useRef<HTMLFormElement>(null);
  const { restored, keepOnSubmit, putBack } = usePlainFormDraft(formRef, draftKey("attendance", session?.id), answered);
  const back = (
    <Link to="/admin/attendance" className="inline-flex min-h-11 items-center gap-2 font-semibold text-plum-700 underline-offset-2 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      All sessions
    </Link>
  );
  if (!session) {
    return (
      <div className="max-w-2xl">
        {back}
        <h1 className="mt-4 text-3xl text-plum-900">Session not found</h1>
        <p className="mt-3 text-muted">This session does not exist, has not started yet, or was canceled, so it takes no attendance.</p>
      </div>
    );
  }
  return (
    <div ref={pageRef}>
      {back}
      <h1 className="mt-4 text-3xl text-plum-900">Attendance: {session.title}</h1>
      <p className="mt-2 text-muted">
        {[session.venue, session.city].filter(Boolean).join(", ")} · {session.when}
        {session.programmeTitle && session.programmeTitle !== session.title ? ` · ${session.programmeTitle}` : ""}
      </p>
      <ActionResult answered={answered} notice={loaderData.notice} />
      {answered && "confirmAll" in answered && answered.confirmAll && entries.length > 0 ? (
        <Form method="post" className="mt-3 flex flex-wrap gap-3">
          <input type="hidden" name="confirm" value="1" />
          <PlainMarker />
          <button type="submit" name="intent" value="all-attended" {...whileBusy(busy)} className={`${button} bg-plum-800 text-white hover:bg-plum-700 aria-disabled:opacity-60`}>
            Yes, mark everyone as attended
          </button>
        </Form>
      ) : null}
      {entries.length === 0 ? (
        <p className="mt-8 rounded-2xl bg-white p-6 text-center text-muted ring-1 ring-plum-100">Nobody held a seat in this session.</p>
      ) : (
        <Form ref={formRef} method="post" onSubmit={keepOnSubmit} className="mt-8">
          <PlainMarker />
          {restored ? <DraftRestoredNote text={PAGE_DRAFT_RESTORED} onPutBack={putBack} /> : null}
          <div className="rounded-2xl bg-white shadow-sm ring-1 ring-plum-100">
            <table className="w-full text-left text-sm max-md:block">
              <caption className="sr-only">Registrants and their attendance</caption>
              <thead className="bg-plum-50 text-plum-900 max-md:sr-only">
                <tr>
                  <th scope="col" className="px-4 py-3">Name</th>
                  <th scope="col" className="px-4 py-3">Email</th>
                  <th scope="col" className="px-4 py-3">Attendance</th>
                  <th scope="col" className="px-4 py-3">Last marked</th>
                </tr>
              </thead>
              <tbody className="max-md:block">
                {entries.map((e) => (
                  <tr key={e.id} className="border-t border-plum-100 max-md:block max-md:py-3">
                    <th scope="row" data-label="Name" className={`${cell} font-semibold`}>{e.name}</th>
                    <td data-label="Email" className={cell}>{e.email}</td>
                    <td data-label="Attendance" className={cell}>
                      <AttendanceChoice key={`${e.attendance ?? "unmarked"}:${e.marked ?? ""}`} id={e.id} name={e.name} value={e.attendance} />
                    </td>
                    <td data-label="Last marked" className={`${cell} text-muted`}>{e.marked ?? "Not marked yet"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-6 flex flex-wrap gap-3">
            <button type="submit" name="intent" value="save" {...whileBusy(busy)} className={`${button} bg-plum-800 text-white hover:bg-plum-700 aria-disabled:opacity-60`}>
              {busy && navigation.formData?.get("intent") === "save" ? "Saving..." : "Save attendance"}
            </button>
            <button
              type="submit"
              name="intent"
              value="all-attended"
              {...whileBusy(busy)}
              className={`${button} border border-plum-200 bg-white text-plum-800 hover:bg-plum-50 aria-disabled:opacity-60`}
            >
              Mark everyone as attended
            </button>
          </div>
        </Form>
      )}
      {question}
    </div>
  );
}

/** One registrant's choice: a radio group named by the person, so each group reads as 'Attendance of Ann Lee'. */
function AttendanceChoice({ id, name, value }: { id: string; name: string; value: AttendanceValue | null }) {
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{`Attendance of ${name}`}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {(Object.keys(ATTENDANCE_LABELS) as AttendanceValue[]).map((option) => (
          <label key={option} className="inline-flex min-h-11 items-center gap-2 font-medium">
            <input type="radio" name={`attendance.${id}`} value={option} defaultChecked={value === option} className="size-5 accent-plum-600" />
            {ATTENDANCE_LABELS[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
