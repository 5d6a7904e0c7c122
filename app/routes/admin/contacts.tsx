import { useRouteError } from "react-router";
import { ErrorLoadingData, listErrorMessage } from "~/components/admin/list-states";
import { contactsPageAction, contactsPageLoader } from "~/features/contact/contacts-page.server";
import { CONTACTS_FAILED, CONTACTS_TITLE, ContactsScreen } from "~/features/contact/contacts-screen";
import type { Route } from "./+types/contacts";

/** /admin/contacts: messages sent through the Contact Us form (spec part 2 §2.9). */
export const meta: Route.MetaFunction = () => [{ title: "Contacts | Staff area" }, { name: "robots", content: "noindex" }];

export const loader = ({ request, context }: Route.LoaderArgs) => contactsPageLoader(request, context);
export const action = ({ request, context }: Route.ActionArgs) => contactsPageAction(request, context);

export default function Contacts({ loaderData, actionData }: Route.ComponentProps) {
  return <ContactsScreen {...loaderData} actionData={actionData} />;
}

export function ErrorBoundary() {
  return (
    <div>
      <h1 className="text-3xl text-plum-900">{CONTACTS_TITLE}</h1>
      <ErrorLoadingData message={listErrorMessage(useRouteError(), CONTACTS_FAILED)} />
    </div>
  );
}
