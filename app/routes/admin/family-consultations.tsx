import { useRouteError } from "react-router";
import { ErrorLoadingData, listErrorMessage } from "~/components/admin/list-states";
import { consultationsPageAction, consultationsPageLoader } from "~/features/bookings/consultations-page.server";
import { CONSULTATIONS_FAILED_TEXT, CONSULTATIONS_TITLE, ConsultationsScreen } from "~/features/bookings/consultations-screen";
import type { Route } from "./+types/family-consultations";

/** /admin/family-consultations: Family Constellation bookings, which the spec calls family consultation registrations (part 2 §2.9). */
export const meta: Route.MetaFunction = () => [{ title: "Family consultations | Staff area" }, { name: "robots", content: "noindex" }];

export const loader = ({ request, context }: Route.LoaderArgs) => consultationsPageLoader(request, context);
export const action = ({ request, context }: Route.ActionArgs) => consultationsPageAction(request, context);

export default function FamilyConsultations({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ConsultationsScreen
      {...loaderData}
      deleteError={actionData && "error" in actionData ? actionData.error : null}
      erase={actionData && "erase" in actionData ? actionData.erase : undefined}
      cancel={actionData && "cancel" in actionData ? actionData.cancel : undefined}
    />
  );
}

export function ErrorBoundary() {
  return (
    <div>
      <h1 className="text-3xl text-plum-900">{CONSULTATIONS_TITLE}</h1>
      <ErrorLoadingData message={listErrorMessage(useRouteError(), CONSULTATIONS_FAILED_TEXT)} />
    </div>
  );
}
