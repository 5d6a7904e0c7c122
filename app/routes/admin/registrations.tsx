import { useRouteError } from "react-router";
import { ErrorLoadingData, listErrorMessage } from "~/components/admin/list-states";
import { registrationsPageAction, registrationsPageLoader } from "~/features/registrations/staff-registrations-page.server";
import { SCREEN_TEXT, StaffRegistrationsScreen } from "~/features/registrations/staff-registrations-screen";
import type { Route } from "./+types/registrations";

/** /admin/registrations: DECODE (and TASSO) registrations (spec part 2 §2.9). */
export const meta: Route.MetaFunction = () => [{ title: "DECODE registrations | Staff area" }, { name: "robots", content: "noindex" }];

export const loader = ({ request, context }: Route.LoaderArgs) => registrationsPageLoader(request, context, "decode");
export const action = ({ request, context }: Route.ActionArgs) => registrationsPageAction(request, context, "decode");

export default function DecodeRegistrations({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffRegistrationsScreen list="decode" {...loaderData} deleteError={actionData && "error" in actionData ? actionData.error : null} erase={actionData && "erase" in actionData ? actionData.erase : undefined} cancel={actionData && "cancel" in actionData ? actionData.cancel : undefined} />;
}

export function ErrorBoundary() {
  return (
    <div>
      <h1 className="text-3xl text-plum-900">{SCREEN_TEXT.decode.title}</h1>
      <ErrorLoadingData message={listErrorMessage(useRouteError(), "Failed to fetch registrations")} />
    </div>
  );
}
