import { useEffect } from "react";
import { answerOrConnectionLost } from "~/lib/connection-lost";
import { revalidateWhenChangedMeanwhile } from "~/lib/revalidate-when-changed";
import { data, isRouteErrorResponse, useLocation, useRevalidator, useRouteError } from "react-router";
import { toast, ToastHost } from "~/components/ui/toasts";
import { requestContext, servicesContext } from "~/context.server";
import { currentStaff } from "~/features/admin-auth/guard.server";
import { KIND_LABEL, ProgramAdminScreen, type SessionCounts } from "~/features/programmes/program-admin-screen";
import { seatsTaken, waitingCounts } from "~/features/events/events.server";
import { readProgramSubmission } from "~/features/programmes/programmes-admin-api.server";
import { canAddProgramme, deleteProgramme, PROGRAM_CHANGED_MEANWHILE, saveProgramme, type ManagedKind } from "~/features/programmes/programmes-admin.server";
import { cancelSessionAction } from "~/features/session-mail/cancel-session-action.server";
import { levelChoices, listProgrammes } from "~/features/programmes/programmes.server";
import { listQueryFrom } from "~/features/programmes/query";
import {
  ADMIN_PROGRAMS_PAGE_SIZE,
  PROGRAM_CREATED,
  PROGRAM_DELETED,
  PROGRAM_FETCH_FAILED,
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

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${KIND_LABEL[managedKindOfPath(location.pathname)]} programs | Staff area` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const kind = kindOf(request);
  const params = new URL(request.url).searchParams;
  const parsed = listQueryFrom(params);
  const query = parsed.success ? { ...parsed.data, limit: ADMIN_PROGRAMS_PAGE_SIZE } : { search: "", page: 1, limit: ADMIN_PROGRAMS_PAGE_SIZE };
  const { db } = context.get(servicesContext);
  let result = await listProgrammes(db, kind, query);
  // A page past the end (after a delete, say) shows the last one.
  if (result.programs.length === 0 && query.page > result.totalPages) result = await listProgrammes(db, kind, { ...query, page: result.totalPages });
  // Staff see seats held and people waiting apart (the public count has both): decision 0069.
  const ids = result.programs.flatMap((p) => p.upcomingEvents.map((e) => e._id));
  const [taken, waiting] = await Promise.all([seatsTaken(db, ids), waitingCounts(db, ids)]);
  const counts: SessionCounts = Object.fromEntries(ids.map((id) => [id, { held: (taken.get(id) ?? 0) - (waiting.get(id) ?? 0), waiting: waiting.get(id) ?? 0 }]));
  return { kind, search: query.search, ...result, levelChoices: await levelChoices(db, kind), canAdd: await canAddProgramme(db, kind), counts };
}

/** Save (multipart: the form with its thumbnail) or delete; answers the dialog with a message and field errors. */
export async function action({ request, context }: Route.ActionArgs) {
  const kind = kindOf(request);
  const services = context.get(servicesContext);
  const { db } = services;
  const actor = { staff: currentStaff(context), ip: context.get(requestContext).ip };
  const submission = await readProgramSubmission(request);
  if (submission instanceof Response) {
    const body = (await submission.json()) as { message?: string };
    return data({ ok: false as const, message: body.message ?? PROGRAM_INVALID }, { status: submission.status });
  }
  if (submission.values.intent === "cancel-session") {
    // One of the program's sessions (decision 0032).
    const result = await cancelSessionAction(services, actor, submission.values.sessionId, [kind]);
    return data(result.body, { status: result.status });
  }
  const id = typeof submission.values.id === "string" && submission.values.id ? submission.values.id : undefined;
  if (submission.values.intent === "delete") {
    const outcome = id ? await deleteProgramme(db, kind, actor, id) : ({ status: "not-found" } as const);
    if (outcome.status === "deleted") return { ok: true as const, message: PROGRAM_DELETED };
    return data({ ok: false as const, message: outcome.status === "refused" ? outcome.message : PROGRAM_NOT_FOUND }, { status: outcome.status === "refused" ? 409 : 404 });
  }
  const outcome = await saveProgramme(db, kind, actor, submission, id);
  if (outcome.status === "invalid") return data({ ok: false as const, message: PROGRAM_INVALID, errors: outcome.errors }, { status: 400 });
  if (outcome.status === "not-found") return data({ ok: false as const, message: PROGRAM_NOT_FOUND }, { status: 404 });
  if (outcome.status === "stale") return data({ ok: false as const, message: PROGRAM_CHANGED_MEANWHILE }, { status: 409 });
  return { ok: true as const, message: outcome.status === "created" ? PROGRAM_CREATED : PROGRAM_UPDATED };
}

/** A save refused because the record changed or went meanwhile reloads the list (and the next form opened from it). */
export const shouldRevalidate = revalidateWhenChangedMeanwhile;

/** A save whose answer never arrives is said in its form, which keeps what was typed (decision 0065). */
export const clientAction = answerOrConnectionLost;

export default function AdminProgrammes({ loaderData }: Route.ComponentProps) {
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
