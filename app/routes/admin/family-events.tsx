import { data } from "react-router";
import { answerOrConnectionLost } from "~/lib/connection-lost";
import { revalidateWhenChangedMeanwhile } from "~/lib/revalidate-when-changed";
import { requestContext, servicesContext } from "~/context.server";
import { currentStaff } from "~/features/admin-auth/guard.server";
import { redirectWithNotice, withNotice } from "~/features/admin-auth/plain-notice.server";
import { refuse, refuseUnreadable, wasRefused } from "~/lib/refusal.server";
import { ADMIN_EVENTS_PAGE_SIZE } from "~/features/events/events-admin.server";
import { eventsScreenData, eventsScreenFormAction, plainEchoOf } from "~/features/events/events-screen.server";
import { cancelSessionAction } from "~/features/session-mail/cancel-session-action.server";
import { BadRequest, readForm } from "~/lib/http.server";
import { EventsScreen, type EventsAnswer } from "~/features/events/events-screen";
import { FETCH_FAILED } from "~/features/events/schema";
import type { Route } from "./+types/family-events";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  // A refused plain post's page says so first (decision 0092).
  { title: `${loaderData?.refused ? "Error: " : ""}Family Constellation events | Staff area` },
  { name: "robots", content: "noindex" },
];

/** The list page of ?search=&page= (5 a page, spec §9). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  return withNotice(request, config.secureCookies, { ...(await eventsScreenData(db, new URL(request.url).searchParams, ADMIN_EVENTS_PAGE_SIZE)), refused: wasRefused(context) });
}

/** intent=save (add or edit), intent=delete or intent=cancel (the session, decision 0032); answers `{ ok, message, errors? }`. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const actor = { staff: currentStaff(context), ip: context.get(requestContext).ip };
  let form: Record<string, string>;
  try {
    form = await readForm(request);
  } catch (e) {
    if (e instanceof BadRequest) return refuseUnreadable(context, e.status, e.message);
    throw e;
  }
  const result = form.intent === "cancel" ? await cancelSessionAction(services, actor, form.sessionId, ["family"]) : await eventsScreenFormAction(form, services.db, actor);
  // A plain form post (no JavaScript) that succeeded is redirected to the list, so a reload does not send it again
  // (decision 0090); refused, it is answered with the page: it needs to know which form to show again (decision 0083).
  const plain = plainEchoOf(form);
  if (plain && result.body.ok) return redirectWithNotice(request, result.body.message, services.config.secureCookies);
  if (plain) return refuse(context, { ...result.body, plain }, { status: result.status });
  return data(result.body, { status: result.status });
}

/** A save refused because the record changed or went meanwhile reloads the list (and the next form opened from it). */
export const shouldRevalidate = revalidateWhenChangedMeanwhile;

/** A save whose answer never arrives is said in its form, which keeps what was typed (decision 0065). */
export const clientAction = answerOrConnectionLost;

export default function FamilyEvents({ loaderData, actionData }: Route.ComponentProps) {
  // The client action's type is the server's answer or ConnectionLost; a plain post's answer (decision 0083) carries `plain`.
  return <EventsScreen data={loaderData} answer={actionData as EventsAnswer} notice={loaderData.notice} />;
}

export function ErrorBoundary() {
  return (
    <div role="alert" className="max-w-2xl rounded-2xl bg-white p-6 ring-1 ring-red-200">
      <h1 className="text-2xl text-plum-900">Error Loading Data</h1>
      <p className="mt-2 text-muted">{FETCH_FAILED}</p>
      <a href="/admin/family-events" className="mt-4 inline-flex min-h-11 items-center rounded-full bg-plum-800 px-6 font-semibold text-white">
        Retry
      </a>
    </div>
  );
}
