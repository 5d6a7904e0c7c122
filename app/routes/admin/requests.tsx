import { data, Form } from "react-router";
import { requestContext, servicesContext } from "~/context.server";
import { currentStaff } from "~/features/admin-auth/guard.server";
import { formatSessionDate, formatSessionWhen, formatTimeRange } from "~/features/events/format";
import { staffDate } from "~/features/registrations/staff-format";
import { eraseRegistrationAndPassOn, listErasureRequests } from "~/features/retention/retention.server";
import { currentSettings } from "~/features/settings/settings.server";
import { listWaitingSessions, offerByHand, offerSeatsNow, removeEntry, type EntryKind } from "~/features/waiting-list/offers.server";
import { eraseConsultation } from "~/features/bookings/consultations.server";
import { BadRequest, readForm } from "~/lib/http.server";
import type { Route } from "./+types/requests";
import { ConfirmQuestion, ConfirmTrigger, KeepLink, useFocusReturnedTrigger } from "~/components/admin/confirm-question";
import { whileBusy } from "~/components/ui/submit-button";
import { usePostPending } from "~/hooks/use-settled-action";
import { ActionResult } from "~/components/admin/action-result";
import { PlainMarker } from "~/components/admin/plain-marker";
import { answerSaved, withNotice } from "~/features/admin-auth/plain-notice.server";
import { CARD_CELL } from "~/components/admin/card-cell";

/**
 * Staff: the waiting lists and the erasure requests (issue 11 points 1, 4 and
 * 6). Every action is a plain form post (works without JavaScript), asks once
 * more before anything is removed, and is recorded in the audit trail.
 */
export const meta: Route.MetaFunction = () => [{ title: "Waiting lists and requests | Staff area" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const url = new URL(request.url);
  const [sessions, erasures] = await Promise.all([listWaitingSessions(db), listErasureRequests(db)]);
  return withNotice(request, config.secureCookies, {
    sessions: sessions.map((s) => ({
      ...s,
      // Its date said once, also for a session over several days.
      when: formatSessionWhen(s.startsAt, s.endsAt, s.timeZone, " · "),
      entries: s.entries.map((e) => ({ ...e, joined: staffDate(e.createdAt), offerUntil: e.offerExpiresAt ? `${formatSessionDate(e.offerExpiresAt, s.timeZone)} at ${formatTimeRange(e.offerExpiresAt, null, s.timeZone)}` : null })),
    })),
    erasures: erasures.map((e) => ({ ...e, requested: staffDate(e.requestedAt), when: formatSessionDate(e.startsAt, e.timeZone) })),
    confirm: url.searchParams.get("confirm"),
  });
}

const kinds = new Set<EntryKind>(["registration", "family-booking"]);

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const staff = currentStaff(context);
  const actor = { id: staff.accountId, email: staff.email };
  const ip = context.get(requestContext).ip;
  let form: Record<string, string>;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof BadRequest) return data({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
  const intent = form.intent ?? "";
  const id = form.id ?? "";
  const kind = (form.kind ?? "") as EntryKind;
  const saved = (message: string) => answerSaved(request, form, services.config.secureCookies, message);
  if (!id || id.length > 100) return data({ ok: false, message: "Choose an entry first." }, { status: 400 });
  if (intent === "erase" && kind === "family-booking") {
    // A booker's request (decision 0089): the staff erasure of the consultations screen (0058); the seat stays booked.
    const outcome = await eraseConsultation(services.db, id, { actor, ip });
    if (outcome === null || outcome === "already") return data({ ok: false, message: "This booking was already erased or no longer exists." }, { status: 404 });
    if (outcome.released) await offerSeatsNow(services, outcome.released).catch((error: unknown) => services.logger.error({ err: error }, "waiting-list offer after an erasure failed"));
    return saved("The booker's personal details were erased.");
  }
  if (intent === "erase") {
    const done = await eraseRegistrationAndPassOn(services, id, actor, ip);
    return done
      ? saved("The registrant's personal details and photos were erased.")
      : data({ ok: false, message: "This registration was already erased or no longer exists." }, { status: 404 });
  }
  if (!kinds.has(kind)) return data({ ok: false, message: "Unknown kind of entry." }, { status: 400 });
  if (intent === "offer") {
    const { offerHours } = await currentSettings(services.db, services.config.settingDefaults);
    const outcome = await offerByHand(services.db, services.config.site, kind, id, offerHours, actor, ip);
    if (outcome === "offered") {
      services.mailWorker.kick();
      return saved("Seat offered. The offer email is on its way.");
    }
    return data(
      {
        ok: false,
        message:
          outcome === "no-seat"
            ? "No seat is free in this session: remove an entry or raise the capacity first."
            : outcome === "closed"
              ? "This session no longer takes people here (it has started, was canceled or closed, or signs people up on its own page), so no seat can be offered."
              : "This entry is no longer waiting.",
      },
      { status: 409 },
    );
  }
  if (intent === "remove") {
    const { offerHours } = await currentSettings(services.db, services.config.settingDefaults);
    const done = await removeEntry(services.db, services.config.site, offerHours, kind, id, actor, ip);
    if (!done.removed) return data({ ok: false, message: "This entry is no longer on the list." }, { status: 404 });
    if (!done.mailed) return saved("Entry removed from the waiting list.");
    services.mailWorker.kick();
    const passed = done.offered > 0 ? " The seat was offered to the next person waiting." : "";
    if (!done.withdrawn) return saved("Removed from the waiting list. We emailed them that they are no longer on it.");
    return saved(`Removed from the waiting list. We emailed them that their seat offer was withdrawn.${passed}`);
  }
  return data({ ok: false, message: "Unknown request." }, { status: 400 });
}

/** "all taken" tells staff why no entry has an Offer seat button: a seat must free first. */
/** Said under a session whose waiting list waits: no offer is made, by the job or by hand, until it is open again. */
const NOT_TAKING_PEOPLE_HERE = "Not taking people here (closed, no online enrollment, or its own sign-up page): no seat is offered until it is open again.";

function seatsFreeText(free: number): string {
  return free === 0 ? "all taken" : `${free} free`;
}

const button = "inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold";
const cell = CARD_CELL;

export default function Requests({ loaderData, actionData: answered }: Route.ComponentProps) {
  useFocusReturnedTrigger();
  const { sessions, erasures, confirm } = loaderData;
  const busy = usePostPending();
  return (
    <div>
      <h1 className="text-3xl text-plum-900">Waiting lists and requests</h1>
      <p className="mt-2 max-w-3xl text-muted">
        People waiting for a seat in a full session, in order of arrival, and registrants and bookers who asked for their personal details to be erased.
      </p>
      <ActionResult answered={answered} notice={loaderData.notice} />

      <section aria-labelledby="waiting-heading" className="mt-10">
        <h2 id="waiting-heading" className="text-2xl text-plum-900">
          Waiting lists
        </h2>
        {sessions.length === 0 ? <p className="mt-3 text-muted">Nobody is waiting for a seat.</p> : null}
        {sessions.map((s) => (
          <section key={s.id} aria-labelledby={`s-${s.id}`} className="mt-6 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-plum-100">
            <div className="border-b border-plum-100 px-4 py-3">
              <h3 id={`s-${s.id}`} className="text-lg text-plum-900">
                {s.title} · {s.city}
              </h3>
              <p className="text-sm text-muted">
                {s.when} · {s.capacity === null ? "Not limited" : `${s.capacity} ${s.capacity === 1 ? "seat" : "seats"}, ${seatsFreeText(s.seatsFree ?? 0)}`}
              </p>
              {s.takesPeopleHere ? null : <p className="mt-1 text-sm font-semibold text-plum-800">{NOT_TAKING_PEOPLE_HERE}</p>}
            </div>
            {/* Scrolls inside its card if it must, never cut off by the card's rounded edge (decision 0113). */}
            <div className="md:overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="bg-plum-50 text-plum-900 max-md:sr-only">
                <tr>
                  <th scope="col" className="px-4 py-2">#</th>
                  <th scope="col" className="px-4 py-2">Name</th>
                  <th scope="col" className="px-4 py-2">Email</th>
                  <th scope="col" className="px-4 py-2">Joined</th>
                  <th scope="col" className="px-4 py-2">Status</th>
                  <th scope="col" className="px-4 py-2">Actions</th>
                </tr>
              </thead>
              <tbody>
                {s.entries.map((e, i) => {
                  const key = `remove:${e.kind}:${e.id}`;
                  return (
                    <tr key={e.id} className="border-t border-plum-100 max-md:block max-md:py-2">
                      <td data-label="#" className={cell}>{i + 1}</td>
                      {/* A long name or address breaks rather than push the Actions column out of the card. */}
                      <td data-label="Name" className={`${cell} md:wrap-anywhere`}>{e.name}</td>
                      <td data-label="Email" className={`${cell} md:wrap-anywhere`}>{e.email}</td>
                      <td data-label="Joined" className={cell}>{e.joined}</td>
                      <td data-label="Status" className={`${cell} md:min-w-44`}>{e.status === "offered" ? (s.takesPeopleHere ? `Seat offered until ${e.offerUntil}` : "Waiting (offer taken back)") : "Waiting"}</td>
                      <td data-label="Actions" className={`${cell} md:w-px md:min-w-48`}>
                        {confirm === key ? (
                          <Form method="post" action="?" className="flex flex-wrap items-center gap-2">
                            <ConfirmQuestion className="font-semibold text-danger">Remove {e.name} from the list?</ConfirmQuestion>
                            <input type="hidden" name="intent" value="remove" />
                            <input type="hidden" name="kind" value={e.kind} />
                            <input type="hidden" name="id" value={e.id} />
                            <PlainMarker />
                            <button type="submit" {...whileBusy(busy)} className={`${button} bg-danger text-white hover:opacity-90 aria-disabled:opacity-60`}>Yes, remove</button>
                            <KeepLink confirmKey={key} className={`${button} ring-1 ring-plum-300`}>Keep</KeepLink>
                          </Form>
                        ) : (
                          <div className="flex flex-wrap gap-2">
                            {e.status === "waiting" && s.seatsFree !== 0 && s.takesPeopleHere ? (
                              <Form method="post" action="?">
                                <input type="hidden" name="intent" value="offer" />
                                <input type="hidden" name="kind" value={e.kind} />
                                <input type="hidden" name="id" value={e.id} />
                                <PlainMarker />
                                <button type="submit" {...whileBusy(busy)} aria-label={`Offer seat to ${e.name}`} className={`${button} bg-plum-800 text-white hover:bg-plum-700 aria-disabled:opacity-60`}>
                                  Offer seat
                                </button>
                              </Form>
                            ) : null}
                            <ConfirmTrigger confirmKey={key} aria-label={`Remove ${e.name} from the waiting list`} className={`${button} text-danger ring-1 ring-red-200 hover:bg-red-50`}>
                              Remove
                            </ConfirmTrigger>
                          </div>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            </div>
          </section>
        ))}
      </section>

      <section aria-labelledby="erasure-heading" className="mt-12">
        <h2 id="erasure-heading" className="text-2xl text-plum-900">
          Erasure requests
        </h2>
        {erasures.length === 0 ? <p className="mt-3 text-muted">No registrant or booker is waiting for their details to be erased.</p> : null}
        <ul className="mt-4 space-y-3">
          {erasures.map((e) => {
            const key = `erase:${e.id}`;
            const booking = e.kind === "family-booking";
            return (
              <li key={e.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-plum-100">
                <p className="font-semibold text-plum-900 wrap-anywhere">
                  {e.name} · {e.email}
                </p>
                <p className="text-sm text-muted">
                  {`${booking ? "Family Constellation booking" : "Registration"}: ${e.session}, ${e.when} · asked on ${e.requested}`}
                </p>
                {confirm === key ? (
                  <Form method="post" action="?" className="mt-3 flex flex-wrap items-center gap-2">
                    <ConfirmQuestion className="font-semibold text-danger">
                      {booking ? "Erase this booker's personal details now? The seat stays booked. This cannot be undone." : "Erase this registrant's personal details and photos now? This cannot be undone."}
                    </ConfirmQuestion>
                    <input type="hidden" name="intent" value="erase" />
                    <input type="hidden" name="id" value={e.id} />
                    <PlainMarker />
                    <input type="hidden" name="kind" value={e.kind} />
                    <button type="submit" {...whileBusy(busy)} className={`${button} bg-danger text-white hover:opacity-90 aria-disabled:opacity-60`}>Yes, erase</button>
                    <KeepLink confirmKey={key} className={`${button} ring-1 ring-plum-300`}>Keep</KeepLink>
                  </Form>
                ) : (
                  <ConfirmTrigger confirmKey={key} aria-label={`Erase now: the details of ${e.name}`} className={`${button} mt-3 bg-plum-800 text-white hover:bg-plum-700`}>
                    Erase now
                  </ConfirmTrigger>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
