import { data, type RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "~/context.server";
import { currentStaff } from "~/features/admin-auth/guard.server";
import { BadRequest, readForm } from "~/lib/http.server";
import { parseListQuery } from "~/lib/list-query";
import { ALREADY_ERASED, ERASE_UNCONFIRMED, eraseConfirmed, type EraseAnswer } from "~/features/retention/erase";
import {
  CONTACT_ERASED,
  CONTACT_NOT_FOUND,
  CONTACT_STATUS_SAVED,
  CONTACTS_PAGE_SIZE,
  eraseContact,
  listContacts,
  setContactStatus,
  viewContact,
  type StaffActor,
} from "./contact-admin.server";
import { validateContactStatus } from "./schema";
import { parseContactStatus } from "./status";

/**
 * Loader and action of /admin/contacts. Everything comes from the URL (D9):
 * ?search=&page= for the list, ?view=<id> for the details dialog (a recorded
 * view), ?download=1 for the CSV dialog. The action sets a message's status.
 */
type Ctx = Readonly<RouterContextProvider>;

function actorOf(context: Ctx): StaffActor {
  const staff = currentStaff(context);
  return { actor: { id: staff.accountId, email: staff.email }, ip: context.get(requestContext).ip };
}

export async function contactsPageLoader(request: Request, context: Ctx) {
  const { db } = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const { query } = parseListQuery(params, { defaultLimit: CONTACTS_PAGE_SIZE });
  const listed = await listContacts(db, { ...query, limit: CONTACTS_PAGE_SIZE });
  // What the list shows, no more: a message and its ZIP code go to the page only with its details, a recorded view
  // (decision 0109). The page's data is readable by paging (`.data`), so what it does not show it must not hold.
  const contacts = listed.contacts.map(({ message: _message, zipCode: _zip, ...shown }) => ({ ...shown, message: "", zipCode: "" }));
  const { pagination } = listed;
  const viewId = params.get("view")?.slice(0, 100) || null;
  const detail = viewId ? await viewContact(db, viewId, actorOf(context)) : null;
  return { contacts, pagination, search: query.search, viewId, detail };
}

export type ContactsActionData =
  | { ok: true; message: string; id: string }
  | { ok: false; id: string | null; errors: { status?: string; form?: string } }
  | { erase: EraseAnswer };

/**
 * The details dialog's two forms: the status (New, Read or Replied), and the
 * erasure of the sender's details on their request, which must be confirmed
 * with its box. Bad input stays in place with its message.
 */
export async function contactsPageAction(request: Request, context: Ctx) {
  const { db } = context.get(servicesContext);
  let form: Record<string, string>;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof BadRequest) return data<ContactsActionData>({ ok: false, id: null, errors: { form: error.message } }, { status: error.status });
    throw error;
  }
  const id = (form.id ?? "").slice(0, 100);
  if (form.intent === "erase" && id) {
    if (!eraseConfirmed(form)) return data<ContactsActionData>({ erase: { ok: false, id, error: ERASE_UNCONFIRMED } }, { status: 400 });
    const erased = await eraseContact(db, id, actorOf(context));
    if (!erased) return data<ContactsActionData>({ erase: { ok: false, id, error: CONTACT_NOT_FOUND } }, { status: 404 });
    if (erased === "already") return data<ContactsActionData>({ erase: { ok: false, id, error: ALREADY_ERASED } }, { status: 409 });
    return data<ContactsActionData>({ erase: { ok: true, id, message: CONTACT_ERASED } });
  }
  if (form.intent !== "status" || !id) return data<ContactsActionData>({ ok: false, id: id || null, errors: { form: CONTACT_NOT_FOUND } }, { status: 400 });
  const checked = validateContactStatus(form);
  if (!checked.ok) return data<ContactsActionData>({ ok: false, id, errors: { status: checked.errors.status } }, { status: 400 });
  const saved = await setContactStatus(db, id, parseContactStatus(checked.data.status)!, actorOf(context));
  if (!saved) return data<ContactsActionData>({ ok: false, id, errors: { form: CONTACT_NOT_FOUND } }, { status: 404 });
  return data<ContactsActionData>({ ok: true, message: CONTACT_STATUS_SAVED, id });
}
