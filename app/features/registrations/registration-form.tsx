import { AlertCircle, X } from "lucide-react";
import { ALREADY_REGISTERED, SESSION_FULL, WAITING_LIST_INVITE, WAITING_LIST_JOINED, WAITING_LIST_LABEL } from "~/features/events/seats";
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { revealInScrollArea } from "~/lib/reveal";
import { useRevalidator } from "react-router";
import { CheckboxField as Check } from "~/components/ui/checkbox-field";
import { Field, inputClass } from "~/components/ui/field";
import { preloadToasts, toast } from "~/components/ui/toasts";
import { formatSessionWhen, keepTimesWhole, TIME_TBD, VENUE_TBD } from "~/features/events/format";
import { ApiError, apiRequest } from "~/lib/api-client";
import { emailPattern } from "~/lib/validation";
import { useHydrated } from "~/hooks/use-hydrated";
import { EarlierLevelFields } from "~/features/prerequisites/earlier-level-fields";
import { AWAITING_APPROVAL_TEXT, EARLIER_LEVEL_ANNOUNCEMENT } from "~/features/prerequisites/rules";
import {
  bannerText,
  failureText,
  initialSessionId,
  labelOf,
  NotSucceeded,
  PHOTO_ACCEPT,
  photoProblem,
  registerPath,
  registrationEndpoint,
  serverFieldErrors,
  sessionFields,
  sessionOptions,
  sessionPlace,
  choosableSession,
  type FormSession,
  type PhotoField,
  type RegistrationChannel,
} from "./form-logic";
import { FormActions } from "~/components/ui/form-actions";
import {
  FIX_ERRORS_MESSAGE,
  hearAboutOptions,
  nameAsCertificate,
  SUBMITTING_LABEL,
  SUBMITTING_TOAST,
  SUCCESS_TOAST,
  TERMS_TEXT,
  validateRegistration,
} from "./schema";

export const SUBMIT_LABEL = "Submit Registration";

/** Read-only fields (filled in for the visitor) sit on the page's sand colour instead of white. */
const readOnlyClass = inputClass.replace("bg-white", "bg-sand-100 text-ink/90");

/** What the visitor types; the session's share and the hidden values are added when sending. */
export type RegistrationValues = {
  firstName: string;
  middleName: string;
  lastName: string;
  email: string;
  mobileNo: string;
  dob: string;
  occupation: string;
  currentAddress: string;
  isSameAddress: boolean;
  permanenetAddress: string;
  upcomingEventId: string;
  hearAbout: string;
  communicationPreferences: boolean;
  termsandcondition: boolean;
  /** 'I completed the earlier level elsewhere' and its note (decision 0031). */
  completedElsewhere: boolean;
  prerequisiteNote: string;
};

const emptyValues: RegistrationValues = {
  firstName: "",
  middleName: "",
  lastName: "",
  email: "",
  mobileNo: "",
  dob: "",
  occupation: "",
  currentAddress: "",
  isSameAddress: false,
  permanenetAddress: "",
  upcomingEventId: "",
  hearAbout: "",
  communicationPreferences: false,
  termsandcondition: false,
  completedElsewhere: false,
  prerequisiteNote: "",
};

/** Which email address and session a prerequisite answer is about. */
function checkKeyOf(sessionId: string, email: string): string | null {
  const e = email.trim();
  return sessionId && e && e.length <= 254 && emailPattern.test(e) ? `${sessionId}|${e.toLowerCase()}` : null;
}

/** What the server said of a level's earlier one for a key: needed (not attended) with its reason, or not. */
type PrerequisiteAnswer = { key: string; needed: boolean; message: string };

/** Where each wire field's error shows: the session choice carries `city` and `upcomingEventId`. */
const errorSlot = (field: string) => (field === "city" ? "upcomingEventId" : field);

/** The ICH photos; `subject` names the file in a message, as the server does. */
const photoInputs: Array<{ name: PhotoField; label: string; subject: string }> = [
  { name: "profileImage", label: "Profile Photo (optional)", subject: "The profile image" },
  { name: "idPhotofront", label: "ID Photo, Front (optional)", subject: "The front of your ID" },
  { name: "idphotoback", label: "ID Photo, Back (optional)", subject: "The back of your ID" },
];

export type RegistrationFormProps = {
  channel: RegistrationChannel;
  programme: { id: string; title: string; level?: number | string | null };
  levelName: string;
  sessions: readonly FormSession[];
  preselectId?: string | null;
  /** Where the form posts without JavaScript; defaults to the chosen session's /register page. */
  action?: string;
  /** Values a no-JavaScript post sent back, and the server's answer to it. */
  initial?: Partial<RegistrationValues>;
  serverErrors?: Record<string, string | undefined>;
  serverMessage?: string | null;
  /** Shows a Cancel button beside the submit button. */
  onCancel?: () => void;
  /** Called while a submission is in flight (true) and when it ends (false). */
  onBusyChange?: (busy: boolean) => void;
  /** Told of every change to what is typed (the dialog keeps it as a draft should it be closed by mistake). */
  onValuesChange?: (values: RegistrationValues) => void;
  /** Called after the server accepted the registration. */
  onSuccess?: (result: { id: string | null; session: FormSession | null; waitingList?: boolean; awaitingApproval?: boolean; alreadyRegistered?: boolean }) => void;
  /** Where the form's ids are unique: the dialog and a page never share them, but two forms on one page would. */
  idPrefix?: string;
};

/**
 * The registration form of DECODE, ICH and TASSO (spec part 2 §2.3, §3, §4, §5).
 * A real <form> that posts to the /register page without JavaScript; once
 * hydrated it checks each field when it is left and everything on submit, and
 * sends multipart data to the channel's endpoint with toasts.
 */
export function RegistrationForm({
  channel,
  programme,
  levelName,
  sessions,
  preselectId,
  action,
  initial,
  serverErrors,
  serverMessage,
  onCancel,
  onBusyChange,
  onValuesChange,
  onSuccess,
  idPrefix = "",
}: RegistrationFormProps) {
  const [values, setValues] = useState<RegistrationValues>(() => {
    const start = { ...emptyValues, ...initial };
    // A kept value (a draft, a no-JavaScript post) only when that session can still be chosen.
    const chosen = sessions.find((s) => s._id === start.upcomingEventId && choosableSession(s));
    return { ...start, upcomingEventId: chosen ? chosen._id : initialSessionId(sessions, preselectId) };
  });
  const [errors, setErrors] = useState<Record<string, string>>(() => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(serverErrors ?? {})) if (v && !(errorSlot(k) in out)) out[errorSlot(k)] = v;
    return out;
  });
  // Without JavaScript the server's checks find what the dialog's own would have: the same banner, unprefixed.
  const [banner, setBanner] = useState<string | null>(
    serverMessage ? (serverMessage === FIX_ERRORS_MESSAGE ? serverMessage : bannerText(channel, serverMessage)) : null,
  );
  // "Please fix the errors below…" goes once nothing below is wrong any more (other banners stay until closed or sent again);
  // cleared, not hidden, so a later slip does not bring the alert back before the next submit.
  if (banner === FIX_ERRORS_MESSAGE && !Object.values(errors).some(Boolean)) setBanner(null);
  const [submitting, setSubmitting] = useState(false);
  useEffect(() => onValuesChange?.(values), [values, onValuesChange]);
  const [focusRequest, setFocusRequest] = useState<"first-error" | "banner" | null>(
    serverMessage || Object.keys(serverErrors ?? {}).length ? "first-error" : null,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const uid = useId();
  const id = (name: string) => `${idPrefix}${name}`;

  const session = sessions.find((s) => s._id === values.upcomingEventId) ?? null;
  // A full session (chosen, or found full by the server just now) is joined through its waiting list (issue 11).
  const [foundFull, setFoundFull] = useState<string | null>(null);
  const joinList = session !== null && (session.availability === "full" || foundFull === session._id);

  // Level prerequisites (decision 0031): asked when the email is left or the session changes, and said by the server at submit.
  const [prerequisite, setPrerequisite] = useState<PrerequisiteAnswer | null>(() => {
    const refusal = serverErrors?.completedElsewhere;
    const key = checkKeyOf(values.upcomingEventId, values.email);
    return refusal && key ? { key, needed: true, message: refusal } : null;
  });
  const asked = useRef<string | null>(null);
  const currentKey = checkKeyOf(values.upcomingEventId, values.email);
  const needsEarlierLevel = prerequisite !== null && prerequisite.needed && prerequisite.key === currentKey;
  const showEarlierLevel = needsEarlierLevel || values.completedElsewhere;

  async function askPrerequisite(v: RegistrationValues) {
    const key = checkKeyOf(v.upcomingEventId, v.email);
    if (!key || asked.current === key) return;
    asked.current = key;
    try {
      const answer = await apiRequest<{ required: unknown; met?: boolean; message?: string | null }>("POST", "/prerequisite-check", {
        upcomingEventId: v.upcomingEventId,
        email: v.email.trim(),
      });
      const needed = Boolean(answer.required) && answer.met !== true;
      setPrerequisite({ key, needed, message: answer.message ?? "" });
      if (!needed) {
        // Attended here after all (or no earlier level): the box has nothing to say.
        setValues((x) => (x.completedElsewhere ? { ...x, completedElsewhere: false } : x));
        setErrors((e) => {
          if (!("completedElsewhere" in e) && !("prerequisiteNote" in e)) return e;
          const { completedElsewhere: _c, prerequisiteNote: _n, ...rest } = e;
          return rest;
        });
      }
    } catch {
      // No answer (offline, too many checks): the server still checks when the form is sent.
      asked.current = null;
    }
  }
  const options = useMemo(() => sessionOptions(sessions), [sessions]);
  const place = sessionPlace(session);
  const certificateName = nameAsCertificate(values.firstName, values.middleName, values.lastName);
  const permanent = values.isSameAddress ? values.currentAddress : values.permanenetAddress;

  /** Everything the schema checks: what was typed, the chosen session and the hidden values. */
  function payload(v: RegistrationValues): Record<string, unknown> {
    const chosen = sessions.find((s) => s._id === v.upcomingEventId);
    return {
      ...v,
      nameAsCertificate: nameAsCertificate(v.firstName, v.middleName, v.lastName),
      permanenetAddress: v.isSameAddress ? v.currentAddress : v.permanenetAddress,
      levelName,
      level: programme.level ?? undefined,
      programId: chosen?.programId ?? programme.id,
      ...(chosen ? sessionFields(chosen) : { upcomingEventId: v.upcomingEventId }),
      ...(joinList ? { waitingList: true } : {}),
    };
  }

  function allErrors(v: RegistrationValues): Record<string, string> {
    const check = validateRegistration(payload(v));
    const out: Record<string, string> = {};
    if (!check.ok) for (const [k, msg] of Object.entries(check.errors)) if (msg && !(errorSlot(k) in out)) out[errorSlot(k)] = msg;
    // The earlier level is not attended here: the box must be ticked (with its note) to go on.
    const key = checkKeyOf(v.upcomingEventId, v.email);
    if (prerequisite?.needed && prerequisite.key === key && !v.completedElsewhere) out.completedElsewhere = prerequisite.message;
    return out;
  }

  // After errors are rendered: bring the first one (or the banner) into view and focus it.
  useEffect(() => {
    if (!focusRequest) return;
    const target =
      focusRequest === "banner"
        ? bannerRef.current
        : (formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? bannerRef.current);
    if (target) revealInScrollArea(target);
    target?.focus({ preventScroll: true });
    // oxlint-disable-next-line react/set-state-in-effect -- a one-shot request, consumed here
    setFocusRequest(null);
  }, [focusRequest]);

  function update<K extends keyof RegistrationValues>(field: K, value: RegistrationValues[K]) {
    void preloadToasts();
    setValues((v) => {
      const next = { ...v, [field]: value };
      // Unticking keeps the copied address, so the visitor edits from there.
      if (field === "isSameAddress" && value === false) next.permanenetAddress = v.currentAddress;
      return next;
    });
    // Editing a field clears its error (spec §4).
    setErrors((e) => {
      if (!(field in e)) return e;
      const next = { ...e };
      delete next[field];
      return next;
    });
  }

  /** Leaving a field shows its error, if it has one. */
  const leave = (field: string) => () => {
    if (field === "email") void askPrerequisite(values);
    const message = allErrors(values)[field];
    setErrors((e) => {
      if (e[field] === message) return e;
      const next = { ...e };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });
  };

  function pickPhoto(field: PhotoField, label: string, file: File | undefined) {
    const problem = file ? photoProblem(file, label) : null;
    setErrors((e) => {
      const next = { ...e };
      if (problem) next[field] = problem;
      else delete next[field];
      return next;
    });
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found = allErrors(values);
    // Keep photo errors found when the files were chosen.
    for (const { name } of photoInputs) if (errors[name]) found[name] = errors[name];
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setBanner(FIX_ERRORS_MESSAGE);
      setFocusRequest("first-error");
      return;
    }
    setSubmitting(true);
    onBusyChange?.(true);
    setBanner(null);
    const body = new FormData(event.currentTarget);
    for (const [k, v] of Object.entries(payload(values))) {
      if (v === undefined || v === null) continue;
      body.set(k, typeof v === "boolean" ? String(v) : String(v));
    }
    // The request does not wait for the toast library to load.
    const toastId = toast.loading(SUBMITTING_TOAST, { duration: 120_000 });
    try {
      const answer = await apiRequest<{ success?: boolean; waitingList?: boolean; awaitingApproval?: boolean; data?: { _id?: string } } | null>(
        "POST",
        registrationEndpoint(channel),
        body,
      );
      if (!answer || answer.success !== true) throw new NotSucceeded();
      const done = answer.waitingList ? WAITING_LIST_JOINED : answer.awaitingApproval ? AWAITING_APPROVAL_TEXT : SUCCESS_TOAST;
      // The "submitting" toast turns into the answer once it is shown; the dialog does not wait for it.
      void toastId.then((toastKey) => toast.success(done, { id: toastKey, duration: 4000 }));
      // Seats left change for everyone looking at this session.
      void revalidator.revalidate();
      onSuccess?.({ id: answer.data?._id ?? null, session, waitingList: answer.waitingList === true, awaitingApproval: answer.awaitingApproval === true });
    } catch (error) {
      // Sent again after an answer that never arrived (a dropped connection, a second click): the first went through.
      if (error instanceof ApiError && error.status === 409 && error.serverMessage === ALREADY_REGISTERED) {
        void toastId.then((toastKey) => toast.success(ALREADY_REGISTERED, { id: toastKey, duration: 4000 }));
        onSuccess?.({ id: null, session, alreadyRegistered: true });
        return;
      }
      const message = failureText(error);
      void toastId.then((toastKey) => toast.error(message, { id: toastKey, duration: 5000 }));
      setBanner(bannerText(channel, message));
      const fields = serverFieldErrors(error);
      const conflict = error instanceof ApiError && error.status === 409;
      const refusedLevel = conflict ? fields.completedElsewhere : undefined;
      if (refusedLevel) {
        // The earlier level is not attended: the form offers 'I completed the earlier level elsewhere'.
        const key = checkKeyOf(values.upcomingEventId, values.email);
        if (key) {
          asked.current = key;
          setPrerequisite({ key, needed: true, message: refusedLevel });
        }
      } else if (conflict) {
        fields.upcomingEventId = message;
        if (message === SESSION_FULL && session) setFoundFull(session._id);
        // 'This session is full': the page's seat counts are out of date.
        void revalidator.revalidate();
      }
      const placed: Record<string, string> = {};
      for (const [k, msg] of Object.entries(fields)) if (!(errorSlot(k) in placed)) placed[errorSlot(k)] = msg;
      setErrors(placed);
      setFocusRequest(Object.keys(placed).length ? "first-error" : "banner");
    } finally {
      setSubmitting(false);
      onBusyChange?.(false);
    }
  }

  const text = (name: keyof RegistrationValues, label: string, opts: { required?: boolean; type?: string; autoComplete?: string; inputMode?: "email" | "tel"; hint?: string; className?: string } = {}) => (
    <Field id={id(name)} label={label} required={opts.required} error={errors[name]} hint={opts.hint} className={opts.className ?? "pb-2"}>
      {(a) => (
        <input
          {...a}
          name={name}
          type={opts.type ?? "text"}
          autoComplete={opts.autoComplete}
          inputMode={opts.inputMode}
          className={inputClass}
          value={values[name] as string}
          onChange={(e) => update(name, e.target.value)}
          onBlur={leave(name)}
        />
      )}
    </Field>
  );

  // The chosen session's date, times and seats, in the venue's zone (a phone cuts the option's text short);
  // before a choice, how the options read.
  const sessionHint = session
    ? `${keepTimesWhole(formatSessionWhen(session.startDate, session.endDate, session.timeZone))}${
        session.seatsLeft !== null && session.seatsLeft !== undefined && session.availability === "open"
          ? ` · ${session.seatsLeft} ${session.seatsLeft === 1 ? "seat" : "seats"} left`
          : ""
      }`
    : "Each session reads city | event | date.";
  const postTo = action ?? (values.upcomingEventId ? registerPath(values.upcomingEventId) : undefined);
  const termsId = `${uid}-terms`;

  return (
    <form
      ref={formRef}
      method="post"
      action={postTo}
      encType={channel === "hypnotherapy" ? "multipart/form-data" : "application/x-www-form-urlencoded"}
      noValidate
      onSubmit={onSubmit}
      aria-label="Registration form"
      aria-busy={submitting || undefined}
      className="space-y-6"
    >
      {joinList && !banner ? <p className="rounded-xl bg-plum-50 p-4 text-plum-900 ring-1 ring-plum-200">{WAITING_LIST_INVITE}</p> : null}
      {joinList ? <input type="hidden" name="waitingList" value="true" /> : null}
      {banner ? (
        <div
          ref={bannerRef}
          tabIndex={-1}
          role="alert"
          // A plain form post's answer is focused as the page loads (a role=alert in the page from the start is
          // not announced); once scripts run, the focus goes to the first field to fix instead.
          // oxlint-disable-next-line jsx-a11y/no-autofocus -- see above
          autoFocus={!hydrated && Boolean(serverMessage)}
          className="flex items-start gap-3 rounded-xl bg-red-50 p-4 text-danger ring-1 ring-red-200"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p className="flex-1 font-medium">{banner}</p>
          <button
            type="button"
            onClick={() => setBanner(null)}
            aria-label="Dismiss message"
            className="-m-2 grid size-10 shrink-0 place-items-center rounded-full text-danger hover:bg-red-100"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
      ) : null}

      <input type="hidden" name="levelName" value={levelName} />
      {programme.level !== undefined && programme.level !== null ? <input type="hidden" name="level" value={String(programme.level)} /> : null}
      <input type="hidden" name="programId" value={session?.programId ?? programme.id} />
      <input type="hidden" name="city" value={session ? labelOf(session) : ""} />

      <Section title="Personal Details">
        <div className="grid gap-x-5 sm:grid-cols-3">
          {text("firstName", "First Name", { required: true, autoComplete: "given-name" })}
          {text("middleName", "Middle Name (optional)", { autoComplete: "additional-name" })}
          {text("lastName", "Last Name", { required: true, autoComplete: "family-name" })}
        </div>
        <Field id={id("nameAsCertificate")} label="Name as on Certificate" hint="Filled in from your first, middle and last name." className="pb-2">
          {(a) => <input {...a} name="nameAsCertificate" readOnly className={readOnlyClass} value={certificateName} />}
        </Field>
        <div className="grid gap-x-5 sm:grid-cols-2">
          {text("email", "Email", { required: true, type: "email", autoComplete: "email", inputMode: "email" })}
          {text("mobileNo", "Mobile Number", { required: true, type: "tel", autoComplete: "tel-national", inputMode: "tel", hint: "10 digits, e.g. (555) 123-4567" })}
          {text("dob", "Date of Birth", { required: true, type: "date", autoComplete: "bday" })}
          {text("occupation", "Occupation", { required: true, autoComplete: "organization-title" })}
        </div>
      </Section>

      <Section title="Address">
        <Field id={id("currentAddress")} label="Current Address (optional)" error={errors.currentAddress} className="pb-2">
          {(a) => (
            <textarea
              {...a}
              name="currentAddress"
              rows={3}
              autoComplete="street-address"
              className={`${inputClass} resize-y`}
              value={values.currentAddress}
              onChange={(e) => update("currentAddress", e.target.value)}
              onBlur={leave("currentAddress")}
            />
          )}
        </Field>
        <Check
          id={id("isSameAddress")}
          name="isSameAddress"
          checked={values.isSameAddress}
          onChange={(checked) => update("isSameAddress", checked)}
          label="My permanent address is the same as my current address"
        />
        <Field
          id={id("permanenetAddress")}
          label="Permanent Address (optional)"
          error={errors.permanenetAddress}
          hint={values.isSameAddress ? "Copied from your current address." : undefined}
          className="mt-5 pb-2"
        >
          {(a) => (
            <textarea
              {...a}
              name="permanenetAddress"
              rows={3}
              readOnly={values.isSameAddress}
              className={`${values.isSameAddress ? readOnlyClass : inputClass} resize-y`}
              value={permanent}
              onChange={(e) => update("permanenetAddress", e.target.value)}
              onBlur={leave("permanenetAddress")}
            />
          )}
        </Field>
      </Section>

      <Section title="Session">
        <Field id={id("upcomingEventId")} label="City" required error={errors.upcomingEventId} hint={sessionHint} className="pb-2">
          {(a) => (
            <select
              {...a}
              name="upcomingEventId"
              className={inputClass}
              value={values.upcomingEventId}
              onChange={(e) => {
                update("upcomingEventId", e.target.value);
                void askPrerequisite({ ...values, upcomingEventId: e.target.value });
              }}
              onBlur={leave("upcomingEventId")}
            >
              <option value="">Select a session</option>
              {options.map((o) => (
                <option key={o.id} value={o.id} disabled={o.disabled}>
                  {o.text}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="grid gap-x-5 sm:grid-cols-2">
          <Field id={id("venue")} label="Venue" hint="Filled in from the session." className="pb-2">
            {/* A chosen session without one says so (spec part 1's display rules); the placeholder is never sent. */}
            {(a) => <input {...a} name="venue" readOnly className={readOnlyClass} value={place.venue} placeholder={session ? VENUE_TBD : undefined} />}
          </Field>
          <Field id={id("timeslot")} label="Time Slot" hint="Filled in from the session." className="pb-2">
            {(a) => <input {...a} name="timeslot" readOnly className={readOnlyClass} value={place.timeslot} placeholder={session ? TIME_TBD : undefined} />}
          </Field>
        </div>
        {/* Always there, so the reason is read out when the email check finds it (a region made with its text is not). */}
        <p className="sr-only" aria-live="polite">
          {needsEarlierLevel && prerequisite.message ? `${prerequisite.message} ${EARLIER_LEVEL_ANNOUNCEMENT}` : ""}
        </p>
        {showEarlierLevel ? (
          <EarlierLevelFields
            idPrefix={idPrefix}
            message={needsEarlierLevel ? prerequisite.message : null}
            checked={values.completedElsewhere}
            note={values.prerequisiteNote}
            checkboxError={errors.completedElsewhere}
            noteError={errors.prerequisiteNote}
            revealNoteAlways={!hydrated}
            onToggle={(checked) => update("completedElsewhere", checked)}
            onNote={(note) => update("prerequisiteNote", note)}
            onNoteBlur={leave("prerequisiteNote")}
          />
        ) : null}
      </Section>

      <Section title="A Little More About You">
        <Field id={id("hearAbout")} label="How did you hear about us? (optional)" error={errors.hearAbout} className="pb-2">
          {(a) => (
            <select {...a} name="hearAbout" className={inputClass} value={values.hearAbout} onChange={(e) => update("hearAbout", e.target.value)} onBlur={leave("hearAbout")}>
              <option value="">Select an option</option>
              {hearAboutOptions.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          )}
        </Field>
        {channel === "hypnotherapy" ? (
          <div className="grid gap-x-5 sm:grid-cols-3">
            {photoInputs.map(({ name, label, subject }) => (
              <Field key={name} id={id(name)} label={label} error={errors[name]} hint="JPEG, PNG or WebP, max 5 MB" className="pb-2">
                {(a) => (
                  <input
                    {...a}
                    name={name}
                    type="file"
                    accept={PHOTO_ACCEPT}
                    className="block w-full text-sm text-ink file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-plum-100 file:px-4 file:font-semibold file:text-plum-800 hover:file:bg-plum-200"
                    onChange={(e) => pickPhoto(name, subject, e.target.files?.[0])}
                  />
                )}
              </Field>
            ))}
          </div>
        ) : null}
      </Section>

      <Section title="Terms and Preferences">
        <Check
          id={id("communicationPreferences")}
          name="communicationPreferences"
          checked={values.communicationPreferences}
          onChange={(checked) => update("communicationPreferences", checked)}
          label="I would like to receive news about programs and events (optional)"
        />
        <div id={termsId} className="mt-5 rounded-xl bg-sand-100 p-4 text-sm leading-6 text-ink">
          <p className="font-semibold">Terms and Conditions</p>
          <p className="mt-1">{TERMS_TEXT}</p>
        </div>
        <Check
          id={id("termsandcondition")}
          name="termsandcondition"
          checked={values.termsandcondition}
          onChange={(checked) => update("termsandcondition", checked)}
          onBlur={leave("termsandcondition")}
          label="I have read and accept the terms and conditions"
          required
          describedBy={termsId}
          error={errors.termsandcondition}
          className="mt-4"
        />
      </Section>

      <FormActions label={submitting ? SUBMITTING_LABEL : joinList ? WAITING_LIST_LABEL : SUBMIT_LABEL} submitting={submitting} onCancel={onCancel} className="pt-6" />
      <p className="-mt-4 text-sm text-muted sm:text-right">Fields marked * are required.</p>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-4 font-serif text-xl text-plum-900">{title}</legend>
      {children}
    </fieldset>
  );
}
