import { Fragment, useEffect, useRef, useState, type FormEvent } from "react";
import { data, Form } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { requestContext, servicesContext } from "~/context.server";
import { currentStaff } from "~/features/admin-auth/guard.server";
import { staffDateTime } from "~/features/registrations/staff-format";
import { parseSettings, SETTING_DEFINITIONS, settingText, type SettingErrors, type SettingName } from "~/features/settings/schema";
import { saveSettings, settingsView } from "~/features/settings/settings.server";
import { BadRequest, readForm } from "~/lib/http.server";
import type { Route } from "./+types/settings";
import { whileBusy } from "~/components/ui/submit-button";
import { usePostPending, useSettledActionData } from "~/hooks/use-settled-action";
import { ActionResult } from "~/components/admin/action-result";
import { PlainMarker } from "~/components/admin/plain-marker";
import { answerSaved, withNotice } from "~/features/admin-auth/plain-notice.server";
import { useFormChanged, useUnsavedChanges } from "~/components/admin/unsaved-changes";
import { DraftRestoredNote, PAGE_DRAFT_RESTORED, usePlainFormDraft } from "~/components/admin/draft-restored";
import { draftKey } from "~/components/admin/staff-draft";
import { answerOrConnectionLost, CONNECTION_LOST_ON_PAGE, keptAfterConnectionLost } from "~/lib/connection-lost";

/**
 * Staff: the settings that are not only environment variables (issue 11 point
 * 6, decision 0038): the waiting-list offer's hours, the reminder days and the
 * retention periods. A plain form post (works without JavaScript); the same
 * rules check it in the browser and again here; each save is one transaction
 * with its audit entry (old and new values), and applies on every instance at once.
 */
export const meta: Route.MetaFunction = () => [{ title: "Settings | Staff area" }, { name: "robots", content: "noindex" }];

type FieldView = { name: SettingName; value: string; defaultValue: string; env: string; changed: string | null };

async function view(context: Route.LoaderArgs["context"]): Promise<FieldView[]> {
  const { db, config } = context.get(servicesContext);
  const { values, changed } = await settingsView(db, config.settingDefaults);
  return SETTING_DEFINITIONS.map((d) => {
    const c = changed[d.name];
    return {
      name: d.name,
      value: settingText(values[d.name]),
      defaultValue: settingText(config.settingDefaults[d.name]),
      env: d.env,
      changed: c ? `${staffDateTime(c.at)}${c.by ? ` by ${c.by}` : ""}` : null,
    };
  });
}

/** A save whose answer never came is said on the page, which keeps what was typed (decision 0065). */
export const clientAction = (args: Route.ClientActionArgs) => answerOrConnectionLost(args, CONNECTION_LOST_ON_PAGE);
export const shouldRevalidate = keptAfterConnectionLost;

export async function loader({ request, context }: Route.LoaderArgs) {
  return withNotice(request, context.get(servicesContext).config.secureCookies, { fields: await view(context) });
}

type ActionResult =
  | { ok: true; message: string; errors?: undefined; values?: undefined }
  | { ok: false; message: string; errors?: SettingErrors; values?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config } = context.get(servicesContext);
  const staff = currentStaff(context);
  let form: Record<string, string>;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof BadRequest) return data<ActionResult>({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
  // The form sends every field: one left out is as wrong as one left empty.
  const input = Object.fromEntries(SETTING_DEFINITIONS.map((d) => [d.name, form[d.name] ?? ""]));
  const { values: current } = await settingsView(db, config.settingDefaults);
  const parsed = parseSettings(input, current);
  if (!parsed.ok) {
    const n = Object.keys(parsed.errors).length;
    return data<ActionResult>(
      { ok: false, message: `Nothing was saved: ${n === 1 ? "1 setting needs" : `${n} settings need`} correcting.`, errors: parsed.errors, values: input },
      { status: 400 },
    );
  }
  // A field left as the page showed it (its `was.` twin) is not this save's change: the value stored now stays,
  // so a colleague's save made meanwhile, or a reload re-posting an old form, is not undone (decision 0065).
  // Left out of the save, it keeps the value stored when the save runs (decision 0109).
  const next: Partial<typeof parsed.values> = { ...parsed.values };
  for (const d of SETTING_DEFINITIONS) {
    const was = form[`was.${d.name}`];
    if (was !== undefined && was.trim() === input[d.name]!.trim()) delete next[d.name];
  }
  const changes = await saveSettings(db, config.settingDefaults, next, { id: staff.accountId, email: staff.email }, context.get(requestContext).ip);
  const n = changes.length;
  return answerSaved(
    request,
    form,
    config.secureCookies,
    n === 0 ? "Nothing changed: the settings were already these." : `Settings saved: ${n} ${n === 1 ? "change" : "changes"}. They apply at once.`,
  );
}

export default function Settings({ loaderData, actionData: answered }: Route.ComponentProps) {
  const { fields } = loaderData;
  const busy = usePostPending();
  // The result, the form re-read with the stored values and the focus move all come with the fresh data, in one go.
  const actionData = useSettledActionData(answered);
  const formRef = useRef<HTMLFormElement>(null);
  // Errors found in the browser before sending (the same rules the server applies).
  const [clientErrors, setClientErrors] = useState<SettingErrors | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const errors: SettingErrors = clientErrors ?? actionData?.errors ?? {};
  const typed = actionData?.ok === false ? actionData.values : undefined;

  // Refused: the first field to correct takes the focus (a saved result takes it itself, in ActionResult).
  useEffect(() => {
    if (actionData?.errors) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [actionData]);
  useEffect(() => {
    if (focusRequest) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const formData = new FormData(event.currentTarget);
    const input = Object.fromEntries(SETTING_DEFINITIONS.map((d) => [d.name, String(formData.get(d.name) ?? "")]));
    const current = { offerHours: 0, reminderDays: [], photoDays: 0, registrationYears: 0, contactYears: 0 };
    const parsed = parseSettings(input, current);
    if (parsed.ok) {
      setClientErrors(null);
      // Kept in this tab until the answer comes: a sign-in that expired meanwhile costs nothing typed.
      keepOnSubmit();
      return;
    }
    event.preventDefault();
    setClientErrors(parsed.errors);
    setFocusRequest((n) => n + 1);
  };

  // After a save the form shows the stored values again (a new key re-reads them).
  const formKey = actionData?.ok ? JSON.stringify(fields) : "form";
  // Compared with the stored values: a refused save shows the typed ones as the fields' defaults.
  const pageRef = useRef<HTMLDivElement>(null);
  const stored = Object.fromEntries(fields.map((f) => [f.name, f.value]));
  const changed = useFormChanged(pageRef, stored);
  const { question } = useUnsavedChanges(changed);
  const { restored, keepOnSubmit, putBack } = usePlainFormDraft(formRef, draftKey("settings", "page"), answered, stored);

  return (
    <div ref={pageRef} className="max-w-3xl">
      <h1 className="text-3xl text-plum-900">Settings</h1>
      <p className="mt-2 text-muted">
        How long waiting-list offers hold a seat, when reminder emails go out, and how long personal data is kept. A value you save applies at once, on
        every server; a setting you have not changed follows the server's default (its environment variable).
      </p>
      {clientErrors ? null : <ActionResult answered={answered} notice={loaderData.notice} focus={!actionData?.errors} />}
      {restored ? (
        <div className="mt-6">
          <DraftRestoredNote text={PAGE_DRAFT_RESTORED} onPutBack={putBack} />
        </div>
      ) : null}
      <Form key={formKey} ref={formRef} method="post" noValidate onSubmit={onSubmit} className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-plum-100 sm:p-8">
        <PlainMarker />
        {SETTING_DEFINITIONS.map((d) => {
          const f = fields.find((x) => x.name === d.name)!;
          const origin = f.changed ? `Changed ${f.changed}; the default is ${f.defaultValue}.` : `The default (${f.env}): ${f.defaultValue}.`;
          return (
            <Fragment key={d.name}>
              {/* What this page showed: a field sent back unchanged leaves the stored value alone. */}
              <input type="hidden" name={`was.${d.name}`} value={f.value} />
              <Field id={`setting-${d.name}`} label={d.label} hint={`${d.hint} ${origin}`} error={errors[d.name]} required>
                {(a11y) => (
                  <input
                    {...a11y}
                    name={d.name}
                    type="text"
                    inputMode={d.kind === "number" ? "numeric" : "text"}
                    autoComplete="off"
                    spellCheck={false}
                    defaultValue={typed?.[d.name] ?? f.value}
                    onChange={() => {
                      if (clientErrors?.[d.name]) setClientErrors({ ...clientErrors, [d.name]: undefined });
                    }}
                    className={`${inputClass} ${d.kind === "number" ? "sm:max-w-48" : "sm:max-w-72"}`}
                  />
                )}
              </Field>
            </Fragment>
          );
        })}
        <button
          type="submit"
          {...whileBusy(busy)}
          className="mt-2 inline-flex min-h-11 items-center rounded-full bg-plum-800 px-6 font-semibold text-white hover:bg-plum-700 aria-disabled:opacity-60"
        >
          {busy ? "Saving..." : "Save settings"}
        </button>
      </Form>
      {question}
    </div>
  );
}
