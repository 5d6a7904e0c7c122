import { data, Form } from "react-router";
import { requestContext, servicesContext } from "~/context.server";
import { currentStaff } from "~/features/admin-auth/guard.server";
import { eventDateText } from "~/features/events/admin-format";
import { approveRegistration, declineRegistration, listAwaitingApproval } from "~/features/prerequisites/approvals.server";
import { levelName } from "~/features/prerequisites/rules";
import { staffDate } from "~/features/registrations/staff-format";
import { BadRequest, readForm } from "~/lib/http.server";
import type { Route } from "./+types/approvals";
import { ConfirmQuestion, ConfirmTrigger, KeepLink, useFocusReturnedTrigger } from "~/components/admin/confirm-question";
import { whileBusy } from "~/components/ui/submit-button";
import { usePostPending } from "~/hooks/use-settled-action";
import { ActionResult } from "~/components/admin/action-result";
import { PlainMarker } from "~/components/admin/plain-marker";
import { answerSaved, withNotice } from "~/features/admin-auth/plain-notice.server";

/**
 * Staff: registrations awaiting approval (issue 11 points 5 and 6, decision
 * 0031): people who have not attended the earlier level here and said they
 * completed it elsewhere. Approve or decline, each asked once more, audited,
 * and the registrant mailed either way. Plain form posts: works without JavaScript.
 */
export const meta: Route.MetaFunction = () => [{ title: "Approvals | Staff area" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const entries = await listAwaitingApproval(db);
  return withNotice(request, config.secureCookies, {
    entries: entries.map((e) => ({
      ...e,
      required: e.requiredTitle ? levelName(e.requiredTitle) : "the earlier level",
      when: eventDateText(e.event.startsAt, e.event.endsAt, e.event.timeZone),
      asked: staffDate(e.createdAt),
    })),
    confirm: new URL(request.url).searchParams.get("confirm"),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const staff = currentStaff(context);
  const actor = { id: staff.accountId, email: staff.email, ip: context.get(requestContext).ip };
  let form: Record<string, string>;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof BadRequest) return data({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
  const id = form.id ?? "";
  if (!id || id.length > 100) return data({ ok: false, message: "Choose a registration first." }, { status: 400 });
  if (form.intent === "approve") {
    const outcome = await approveRegistration(services, actor, id);
    if (outcome === "approved") return answerSaved(request, form, services.config.secureCookies, "Registration approved. The confirmation email is on its way.");
    if (outcome === "ended") return data({ ok: false, message: "This session has already ended, so the registration cannot be approved. Decline it instead." }, { status: 409 });
    return data({ ok: false, message: "This registration is no longer awaiting approval." }, { status: 404 });
  }
  if (form.intent === "decline") {
    const outcome = await declineRegistration(services, actor, id);
    if (outcome === "declined") return answerSaved(request, form, services.config.secureCookies, "Registration declined. The seat is released and the registrant is being emailed.");
    return data({ ok: false, message: "This registration is no longer awaiting approval." }, { status: 404 });
  }
  return data({ ok: false, message: "Unknown request." }, { status: 400 });
}

const button = "inline-flex min-h-11 items-center rounded-full px-5 text-sm font-semibold";

export default function Approvals({ loaderData, actionData: answered }: Route.ComponentProps) {
  useFocusReturnedTrigger();
  const { entries, confirm } = loaderData;
  const busy = usePostPending();
  return (
    <div>
      <h1 className="text-3xl text-plum-900">Approvals</h1>
      <p className="mt-2 max-w-3xl text-muted">
        Registrations for a level whose earlier level the registrant has not attended here. They told us they completed it elsewhere; their seat is held until you
        approve or decline. They get an email either way.
      </p>
      <ActionResult answered={answered} notice={loaderData.notice} />
      {entries.length === 0 ? <p className="mt-8 rounded-2xl bg-white p-6 text-center text-muted ring-1 ring-plum-100">No registration is awaiting approval.</p> : null}
      <ul className="mt-8 space-y-4" aria-label="Registrations awaiting approval">
        {entries.map((e) => (
          <li key={e.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-plum-100 sm:p-5">
            <h2 className="text-xl text-plum-900 [overflow-wrap:anywhere]">
              {e.name} <span className="block text-base font-normal text-muted">{e.email}</span>
            </h2>
            <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
              <dt className="font-semibold text-plum-700">Session</dt>
              <dd className="[overflow-wrap:anywhere]">
                {e.event.title} · {e.event.city} · {e.when}
              </dd>
              <dt className="font-semibold text-plum-700">Requires</dt>
              <dd>{e.required}, not attended here</dd>
              <dt className="font-semibold text-plum-700">Asked on</dt>
              <dd>{e.asked}</dd>
            </dl>
            <figure className="mt-3 rounded-xl bg-plum-50 p-3">
              <figcaption className="text-sm font-semibold text-plum-700">Their note</figcaption>
              <blockquote className="mt-1 whitespace-pre-line text-ink [overflow-wrap:anywhere]">{e.note}</blockquote>
            </figure>
            {confirm === `approve:${e.id}` || confirm === `decline:${e.id}` ? (
              <ConfirmStep
                intent={confirm.startsWith("approve") ? "approve" : "decline"}
                id={e.id}
                name={e.name}
                required={e.required}
                busy={busy}
              />
            ) : (
              <div className="mt-4 flex flex-wrap gap-3">
                <ConfirmTrigger
                  confirmKey={`approve:${e.id}`}
                  aria-label={`Approve the registration of ${e.name} for ${e.event.title}, ${e.event.city}, ${e.when}`}
                  className={`${button} bg-plum-800 text-white hover:bg-plum-700`}
                >
                  Approve
                </ConfirmTrigger>
                <ConfirmTrigger
                  confirmKey={`decline:${e.id}`}
                  aria-label={`Decline the registration of ${e.name} for ${e.event.title}, ${e.event.city}, ${e.when}`}
                  className={`${button} text-danger ring-1 ring-red-200 hover:bg-red-50`}
                >
                  Decline
                </ConfirmTrigger>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Asked once more; the question takes the focus, so the keyboard and a screen reader land on it. */
function ConfirmStep({ intent, id, name, required, busy }: { intent: "approve" | "decline"; id: string; name: string; required: string; busy: boolean }) {
  const approve = intent === "approve";
  return (
    <Form method="post" action="?" className="mt-4 rounded-xl bg-sand-100 p-4">
      <ConfirmQuestion className="font-semibold text-ink">
        {approve
          ? `Approve the registration of ${name}? You accept the ${required} they completed elsewhere; they get their confirmation by email.`
          : `Decline the registration of ${name}? Their seat is released and offered to the waiting list, and they get an email saying so.`}
      </ConfirmQuestion>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <PlainMarker />
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="submit" {...whileBusy(busy)} className={`${button} ${approve ? "bg-plum-800 hover:bg-plum-700" : "bg-danger hover:opacity-90"} text-white aria-disabled:opacity-60`}>
          {approve ? "Yes, approve" : "Yes, decline"}
        </button>
        <KeepLink confirmKey={`${intent}:${id}`} className={`${button} bg-white ring-1 ring-plum-300`}>
          Keep waiting
        </KeepLink>
      </div>
    </Form>
  );
}
