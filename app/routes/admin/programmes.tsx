import { useEffect } from "react";
import { answerOrConnectionLost } from "~/lib/connection-lost";
import { revalidateWhenChangedMeanwhile } from "~/lib/revalidate-when-changed";
import { data, isRouteErrorResponse, useLocation, useRevalidator, useRouteError } from "react-router";
import { toast, ToastHost } from "~/components/ui/toasts";
import { requestContext, servicesContext } from "~/context.server";
import { currentStaff } from "~/features/admin-auth/guard.server";
import { redirectWithNotice, withNotice } from "~/features/admin-auth/plain-notice.server";
import { screenHref } from "~/components/admin/plain-panel";
import { refuse, refuseUnreadable, wasRefused } from "~/lib/refusal.server";
import { KIND_LABEL, ProgramAdminScreen, type SessionCounts } from "~/features/programmes/program-admin-screen";
import { seatsTaken, waitingCounts } from "~/features/events/events.server";
import { readProgramSubmission } from "~/features/programmes/programmes-admin-api.server";
import { canAddProgramme, deleteProgramme, PROGRAM_CHANGED_MEANWHILE, saveProgramme, type ManagedKind } from "~/features/programmes/programmes-admin.server";
import { cancelSessionAction } from "~/features/session-mail/cancel-session-action.server";
import { getProgramme, levelChoices, listProgrammes, type ProgrammeJson } from "~/features/programmes/programmes.server";
import { pageSectionsOf, type PageSections } from "~/features/programmes/page-sections.server";
import { plainRowErrors, programValuesFromPlain } from "~/features/programmes/plain-form";
import type { ProgramAnswer, ProgramDialog } from "~/features/programmes/program-admin-screen";
import { listQueryFrom } from "~/features/programmes/query";
import {
  ADMIN_PROGRAMS_PAGE_SIZE,
  PROGRAM_CREATED,
  PROGRAM_DELETED,
  PROGRAM_FETCH_FAILED,
  PROGRAM_FORM_TOO_LARGE,
  PROGRAM_INVALID,
  PROGRAM_NOT_FOUND,
  PROGRAM_UPDATED,
} from "~/features/programmes/schema";
import { managedKindOfPath } from "~/features/programmes/schema";
import type { Route } from "./+types/programmes";

/** /admin/hypnotherapy, /admin/decode and /admin/tasso: the same screen for each kind. */
function kindOf(request: Request): ManagedKind {
  return managedKindOfPath(new URL(request.url).pathname);
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => [
  // A refused plain post's page says so first (decision 0092).
  { title: `${loaderData?.refused ? "Error: " : ""}${KIND_LABEL[managedKindOfPath(location.pathname)]} programs | Staff area` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const kind = kindOf(request);
  const params = new URL(request.url).searchParams;
  const parsed = listQueryFrom(params);
  const query = parsed.success ? { ...parsed.data, limit: ADMIN_PROGRAMS_PAGE_SIZE } : { search: "", page: 1, limit: ADMIN_PROGRAMS_PAGE_SIZE };
  const { db } = context.get(servicesContext);
  let listed = await listProgrammes(db, kind, query);
  // A page past the end (after a delete, say) shows the last one.
  if (listed.programs.length === 0 && query.page > listed.totalPages) listed = await listProgrammes(db, kind, { ...query, page: listed.totalPages });
  // The form opens with the page's sections 3 to 7 as the page shows them (D11), built-in content included.
  const result = { ...listed, programs: listed.programs.map((p) => withPageSections(kind, p)) };
  // Staff see seats held and people waiting apart (the public count has both): decision 0069.
  const ids = result.programs.flatMap((p) => p.upcomingEvents.map((e) => e._id));
  const [taken, waiting] = await Promise.all([seatsTaken(db, ids), waitingCounts(db, ids)]);
  const counts: SessionCounts = Object.fromEntries(ids.map((id) => [id, { held: (taken.get(id) ?? 0) - (waiting.get(id) ?? 0), waiting: waiting.get(id) ?? 0 }]));
  return withNotice(request, context.get(servicesContext).config.secureCookies, { kind, search: query.search, ...result, levelChoices: await levelChoices(db, kind), canAdd: await canAddProgramme(db, kind), counts, dialog: await dialogOf(db, kind, params, result.programs), refused: wasRefused(context) });
}

/**
 * The form a plain link asked for (decision 0083): `?new=1`, `?edit=<program>`,
 * `?delete=<program>`, `?cancel=<session>` (of a program listed on this page).
 * Rendered in the page before JavaScript; opened as its dialog once the script runs.
 */
async function dialogOf(db: Parameters<typeof listProgrammes>[0], kind: ManagedKind, params: URLSearchParams, listed: Awaited<ReturnType<typeof listProgrammes>>["programs"]): Promise<ProgramDialog> {
  if (params.get("new") === "1") return { kind: "add" };
  for (const k of ["edit", "delete"] as const) {
    const id = params.get(k)?.trim().slice(0, 100);
    if (!id) continue;
    const found = listed.find((p) => p._id === id) ?? (await getProgramme(db, kind, id));
    if (!found) return null;
    const program = withPageSections(kind, found);
    return k === "edit" ? { kind: "edit", program } : { kind: "delete", program };
  }
  const sessionId = params.get("cancel")?.trim().slice(0, 100);
  if (!sessionId) return null;
  for (const program of listed) {
    const session = program.upcomingEvents.find((e) => e._id === sessionId);
    if (session) return { kind: "cancel", program, session };
  }
  return null;
}

/** A programme with what its page's sections 3 to 7 show (a level page's kinds only; TASSO's page has none). */
function withPageSections(kind: ManagedKind, p: ProgrammeJson): ProgrammeJson & { pageSections: PageSections | null } {
  return { ...p, pageSections: kind === "tasso" ? null : pageSectionsOf(kind, p.level, p.details, true) };
}

/** Save (multipart: the form with its thumbnail) or delete; answers the dialog with a message and field errors. */
export async function action({ request, context }: Route.ActionArgs) {
  const kind = kindOf(request);
  const services = context.get(servicesContext);
  const { db } = services;
  const actor = { staff: currentStaff(context), ip: context.get(requestContext).ip };
  const posted = await readProgramSubmission(request);
  if (posted instanceof Response) {
    const body = (await posted.json()) as { message?: string };
    const reason = posted.status === 413 ? PROGRAM_FORM_TOO_LARGE : (body.message ?? PROGRAM_INVALID);
    return refuseUnreadable(context, posted.status, reason);
  }
  // A plain form post (no JavaScript, decision 0083) is answered with the page: it carries which form to show
  // again and, for a save, what was typed; its rows and rich text are turned into what the dialog sends.
  const raw = posted.values;
  const isPlain = raw.plain === "1";
  const plainValues = isPlain && raw.intent === "save" ? programValuesFromPlain(raw) : null;
  const submission = plainValues ? { values: plainValues.values, thumbnail: posted.thumbnail } : posted;
  const str = (v: unknown) => (typeof v === "string" ? v.slice(0, 100) : "");
  const plain = isPlain
    ? {
        intent: str(raw.intent),
        id: str(raw.intent === "cancel-session" ? raw.sessionId : raw.id),
        ...(plainValues ? { values: Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === "string")) } : {}),
      }
    : undefined;
  // A plain post that succeeded is redirected to the list, so a reload does not send it again (decision 0090).
  // "Create/Update and keep editing" (a plain form adds one event and one section per save): the saved program's
  // form opens again, with a new empty event and section to fill in.
  const answer = (body: ProgramAnswer, status = 200, keepEditing?: string) =>
    !plain ? data<ProgramAnswer>(body, { status })
    : body.ok ? redirectWithNotice(request, body.message, services.config.secureCookies, keepEditing ? { to: keepEditingHref(request, keepEditing) } : {})
    : refuse<ProgramAnswer>(context, { ...body, plain }, { status });
  if (submission.values.intent === "cancel-session") {
    // One of the program's sessions (decision 0032).
    const result = await cancelSessionAction(services, actor, submission.values.sessionId, [kind]);
    return answer(result.body, result.status);
  }
  const id = typeof submission.values.id === "string" && submission.values.id ? submission.values.id : undefined;
  if (submission.values.intent === "delete") {
    const outcome = id ? await deleteProgramme(db, kind, actor, id) : ({ status: "not-found" } as const);
    if (outcome.status === "deleted") return answer({ ok: true, message: PROGRAM_DELETED });
    return answer({ ok: false, message: outcome.status === "refused" ? outcome.message : PROGRAM_NOT_FOUND }, outcome.status === "refused" ? 409 : 404);
  }
  const outcome = await saveProgramme(db, kind, actor, submission, id);
  if (outcome.status === "invalid") return answer({ ok: false, message: PROGRAM_INVALID, errors: plainValues ? plainRowErrors(outcome.errors, plainValues) : outcome.errors }, 400);
  if (outcome.status === "not-found") return answer({ ok: false, message: PROGRAM_NOT_FOUND }, 404);
  if (outcome.status === "stale") return answer({ ok: false, message: PROGRAM_CHANGED_MEANWHILE }, 409);
  return answer({ ok: true, message: outcome.status === "created" ? PROGRAM_CREATED : PROGRAM_UPDATED }, 200, plainValues && raw.then === "edit" ? outcome.program._id : undefined);
}

/** The screen as the form was posted from (search and page kept), with the saved program's form open. */
function keepEditingHref(request: Request, id: string): string {
  const url = new URL(request.url);
  return screenHref(url.pathname, url.search, { edit: id });
}

/** A save refused because the record changed or went meanwhile reloads the list (and the next form opened from it). */
export const shouldRevalidate = revalidateWhenChangedMeanwhile;

/** A save whose answer never arrives is said in its form, which keeps what was typed (decision 0065). */
export const clientAction = answerOrConnectionLost;

export default function AdminProgrammes({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProgramAdminScreen
      // A new kind is a new screen (its search box, expanded card and dialogs start afresh).
      key={loaderData.kind}
      kind={loaderData.kind}
      programs={loaderData.programs}
      totalPrograms={loaderData.totalPrograms}
      totalPages={loaderData.totalPages}
      currentPage={loaderData.currentPage}
      search={loaderData.search}
      levelChoices={loaderData.levelChoices}
      canAdd={loaderData.canAdd}
      counts={loaderData.counts}
      dialog={loaderData.dialog}
      notice={loaderData.notice}
      // The client action's type is the server's answer or ConnectionLost; a plain post's answer carries `plain`.
      answer={actionData as ProgramAnswer | undefined}
    />
  );
}

/** 'Error Loading Data' with Retry (spec §2.10, §8), inside the staff shell. */
export function ErrorBoundary() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const kind = managedKindOfPath(useLocation().pathname);
  const message = isRouteErrorResponse(error) && typeof error.data === "string" && error.status < 500 ? error.data : PROGRAM_FETCH_FAILED;
  useEffect(() => {
    void toast.error(PROGRAM_FETCH_FAILED);
  }, []);
  return (
    <div className="max-w-2xl">
      <ToastHost />
      <h1 className="text-3xl text-plum-900">{KIND_LABEL[kind]} Programs</h1>
      <div role="alert" className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-red-200">
        <p className="font-serif text-xl text-danger">Error Loading Data</p>
        <p className="mt-1 text-muted">{message}</p>
        <button
          type="button"
          onClick={() => void revalidator.revalidate()}
          disabled={revalidator.state !== "idle"}
          className="mt-4 inline-flex min-h-11 items-center rounded-full bg-plum-800 px-5 font-semibold text-white hover:bg-plum-700 disabled:opacity-60"
        >
          {revalidator.state !== "idle" ? "Retrying..." : "Retry"}
        </button>
      </div>
    </div>
  );
}
