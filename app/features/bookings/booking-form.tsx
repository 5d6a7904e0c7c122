import { AlertCircle, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { revealInScrollArea } from "~/lib/reveal";
import { useRevalidator } from "react-router";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { Field, inputClass } from "~/components/ui/field";
import { preloadToasts, toast } from "~/components/ui/toasts";
import type { EventJson } from "~/features/events/events.server";
import { formatPrice, formatSessionWhen, keepTimesWhole } from "~/features/events/format";
import { ALREADY_REGISTERED, refusalText, SESSION_FULL, WAITING_LIST_INVITE, WAITING_LIST_LABEL } from "~/features/events/seats";
import { BOOKING_TERMS_TEXT } from "~/features/registrations/schema";
import { ApiError, apiRequest } from "~/lib/api-client";
import { FormActions } from "~/components/ui/form-actions";
import {
  BOOK_LABEL,
  bookingFailureText,
  bookingSuccessText,
  bookPath,
  failureToast,
  PHONE_PREFIX,
  PROCESSING_LABEL,
  seatsLeftText,
  validateBooking,
  type BookingField,
} from "./schema";

/** The wire path the dialog posts to (spec §7, spelt so). */
export const BOOKING_ENDPOINT = "/familyConsitalation/register";

export type BookingValues = {
  fullName: string;
  email: string;
  phone: string;
  termsAndCondition: boolean;
  communicationPreferences: boolean;
};

const empty: BookingValues = { fullName: "", email: "", phone: "", termsAndCondition: false, communicationPreferences: false };

type Props = {
  session: EventJson;
  /** Values and the server's answer after a no-JavaScript post. */
  initial?: Partial<BookingValues>;
  serverErrors?: Partial<Record<string, string>>;
  serverMessage?: string | null;
  onCancel?: () => void;
  onBusyChange?: (busy: boolean) => void;
  /** Told of every change to what is typed (the dialog keeps it as a draft should it be closed by mistake). */
  onValuesChange?: (values: BookingValues) => void;
  /** After the server accepted the booking (or the waiting-list entry), with its message. */
  /** `alreadyRegistered`: a resend after the first went through (decision 0065). */
  onSuccess?: (message: string, waitingList: boolean, alreadyRegistered?: boolean) => void;
  idPrefix?: string;
};

/** When and where a session is, in its venue's time zone (D13). */
export function sessionWhen(s: Pick<EventJson, "startDate" | "endDate" | "timeZone">): string {
  return formatSessionWhen(s.startDate, s.endDate, s.timeZone, " · ");
}

/** The session a booking is for: place, date and time, price and seats. */
export function SessionSummary({ session }: { session: EventJson }) {
  const price = session.price !== null ? formatPrice(Math.round(session.price * 100), session.currency) : null;
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-xl bg-white p-4 text-sm ring-1 ring-plum-100">
      {[
        ["Location", [session.venue, session.city].filter(Boolean).join(", ")],
        ["Date and time", keepTimesWhole(sessionWhen(session))],
        ...(session.facilitator ? [["Facilitator", session.facilitator]] : []),
        ...(price ? [["Price", price]] : []),
        ["Seats", seatsLeftText(session.seats, session.seatsLeft)],
      ].map(([k, v], i) => (
        // Place and time are long: a row of their own on small screens.
        <div key={k} className={i < 2 ? "col-span-2 sm:col-span-1" : undefined}>
          <dt className="font-semibold text-ink">{k}</dt>
          <dd className="text-muted">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The Family Constellation booking form (spec part 2 §2.4, §4, §5, §8). A real
 * <form> posting to the session's booking page, so it works without
 * JavaScript; once hydrated it checks each field when it is left and
 * everything on submit, then sends JSON with toasts.
 */
export function BookingForm({ session, initial, serverErrors, serverMessage, onCancel, onBusyChange, onValuesChange, onSuccess, idPrefix = "" }: Props) {
  const [values, setValues] = useState<BookingValues>({ ...empty, ...initial });
  useEffect(() => onValuesChange?.(values), [values, onValuesChange]);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>(serverErrors ?? {});
  const [banner, setBanner] = useState<string | null>(serverMessage ?? null);
  const hydrated = useHydrated();
  const [submitting, setSubmitting] = useState(false);
  // A full session's form joins its waiting list (issue 11); so does one that fills while the visitor types.
  const [joinList, setJoinList] = useState(session.availability === "full");
  const [focusRequest, setFocusRequest] = useState(Boolean(serverMessage || Object.keys(serverErrors ?? {}).length));
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const revalidator = useRevalidator();
  const uid = useId();
  const id = (name: string) => `${idPrefix}${name}`;

  const payload = (v: BookingValues) => ({ ...v, programId: session._id, ...(joinList ? { waitingList: true } : {}) });
  const allErrors = (v: BookingValues): Partial<Record<BookingField, string>> => {
    const check = validateBooking(payload(v));
    return check.ok ? {} : check.errors;
  };

  // After errors render: the first invalid field (or the banner) comes into view and takes focus.
  useEffect(() => {
    if (!focusRequest) return;
    const target = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? bannerRef.current;
    if (target) revealInScrollArea(target);
    target?.focus({ preventScroll: true });
    // oxlint-disable-next-line react/set-state-in-effect -- a one-shot request, consumed here
    setFocusRequest(false);
  }, [focusRequest]);

  function update<K extends keyof BookingValues>(field: K, value: BookingValues[K]) {
    void preloadToasts();
    setValues((v) => ({ ...v, [field]: value }));
    // Editing a field clears its error (spec §4).
    setErrors((e) => {
      if (!(field in e)) return e;
      const next = { ...e };
      delete next[field];
      return next;
    });
  }

  const leave = (field: BookingField) => () => {
    const message = allErrors(values)[field];
    setErrors((e) => {
      if (e[field] === message) return e;
      const next = { ...e };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });
  };

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found = allErrors(values);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setBanner(null);
      setFocusRequest(true);
      return;
    }
    setSubmitting(true);
    onBusyChange?.(true);
    setBanner(null);
    try {
      const answer = await apiRequest<{ success?: boolean; message?: string; waitingList?: boolean } | null>("POST", BOOKING_ENDPOINT, payload(values));
      if (!answer || answer.success !== true) throw new Error("");
      void toast.success(bookingSuccessText(answer), { duration: 4000 });
      // Seats left change for everyone looking at this session.
      void revalidator.revalidate();
      onSuccess?.(bookingSuccessText(answer), answer.waitingList === true);
    } catch (error) {
      // Sent again after an answer that never arrived (a dropped connection, a second click): the first went through.
      if (error instanceof ApiError && error.status === 409 && error.serverMessage === ALREADY_REGISTERED) {
        void toast.success(ALREADY_REGISTERED, { duration: 4000 });
        onSuccess?.(ALREADY_REGISTERED, false, true);
        return;
      }
      const message = bookingFailureText(error);
      void toast.error(failureToast(message), { duration: 5000 });
      const fields = error instanceof ApiError && error.data && typeof error.data === "object" && "errors" in error.data ? (error.data as { errors?: Record<string, string> }).errors : undefined;
      const placed = Object.fromEntries(Object.entries(fields ?? {}).filter(([k]) => k !== "programId"));
      setErrors(placed);
      setBanner(message);
      // 'This session is full': the page's seat counts are out of date, and the waiting list is offered.
      if (error instanceof ApiError && error.status === 409) void revalidator.revalidate();
      if (message === SESSION_FULL) setJoinList(true);
      setFocusRequest(true);
    } finally {
      setSubmitting(false);
      onBusyChange?.(false);
    }
  }

  const closed = session.availability !== "open" && session.availability !== "full" ? refusalText(session.availability) : null;
  const termsId = `${uid}-terms`;
  const text = (name: "fullName" | "email", label: string, opts: { type: string; autoComplete: string; inputMode?: "email" }) => (
    <Field id={id(name)} label={label} required error={errors[name]} className="pb-1">
      {(a) => (
        <input
          {...a}
          name={name}
          type={opts.type}
          autoComplete={opts.autoComplete}
          inputMode={opts.inputMode}
          className={inputClass}
          value={values[name]}
          onChange={(e) => update(name, e.target.value)}
          onBlur={leave(name)}
        />
      )}
    </Field>
  );

  return (
    <form
      ref={formRef}
      method="post"
      action={bookPath(session._id)}
      noValidate
      onSubmit={onSubmit}
      aria-label="Booking form"
      aria-busy={submitting || undefined}
      className="space-y-5"
    >
      <SessionSummary session={session} />
      {banner || closed ? (
        <div
          ref={bannerRef}
          tabIndex={-1}
          role="alert"
          // A plain form post's answer is focused as the page loads (a role=alert in the page from the start is
          // not announced); once scripts run, the focus goes to the first field to fix instead.
          // oxlint-disable-next-line jsx-a11y/no-autofocus -- see above
          autoFocus={!hydrated && banner !== null}
          className="flex items-start gap-3 rounded-xl bg-red-50 p-4 text-danger ring-1 ring-red-200"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p className="flex-1 font-medium">{banner ?? closed}</p>
          {banner ? (
            <button
              type="button"
              onClick={() => setBanner(null)}
              aria-label="Dismiss message"
              className="-m-2 grid size-10 shrink-0 place-items-center rounded-full text-danger hover:bg-red-100"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          ) : null}
        </div>
      ) : null}
      {joinList && !banner ? (
        <p className="rounded-xl bg-plum-50 p-4 text-plum-900 ring-1 ring-plum-200">{WAITING_LIST_INVITE}</p>
      ) : null}
      <input type="hidden" name="programId" value={session._id} />
      {joinList ? <input type="hidden" name="waitingList" value="true" /> : null}
      <div className="grid gap-x-5 sm:grid-cols-2">
        <div className="sm:col-span-2">{text("fullName", "Full Name", { type: "text", autoComplete: "name" })}</div>
        {text("email", "Email", { type: "email", autoComplete: "email", inputMode: "email" })}
        <Field id={id("phone")} label="Phone Number" required error={errors.phone} hint="10 digits, e.g. (555) 123-4567" className="pb-1">
          {(a) => (
            <div className="flex">
              {/* Never squeezed by the input beside it: "+1" stays on one line. */}
              <span className="inline-flex min-h-12 shrink-0 items-center whitespace-nowrap rounded-l-xl border border-r-0 border-plum-200 bg-sand-100 px-3 font-semibold text-ink" aria-hidden="true">
                {PHONE_PREFIX}
              </span>
              <input
                {...a}
                aria-label={`Phone Number (${PHONE_PREFIX} USA)`}
                name="phone"
                type="tel"
                autoComplete="tel-national"
                inputMode="tel"
                className={`${inputClass} min-w-0 rounded-l-none`}
                value={values.phone}
                onChange={(e) => update("phone", e.target.value)}
                onBlur={leave("phone")}
              />
            </div>
          )}
        </Field>
      </div>
      <div id={termsId} className="rounded-xl bg-sand-100 p-4 text-sm leading-6 text-ink">
        <p className="font-semibold">Terms and Conditions</p>
        <p className="mt-1">{BOOKING_TERMS_TEXT}</p>
      </div>
      <CheckboxField
        id={id("termsAndCondition")}
        name="termsAndCondition"
        checked={values.termsAndCondition}
        onChange={(checked) => update("termsAndCondition", checked)}
        onBlur={leave("termsAndCondition")}
        label="I have read and accept the terms and conditions"
        required
        describedBy={termsId}
        error={errors.termsAndCondition}
      />
      {/* Spec part 1 §2.4: the terms, then the optional communication preferences. */}
      <CheckboxField
        id={id("communicationPreferences")}
        name="communicationPreferences"
        checked={values.communicationPreferences}
        onChange={(checked) => update("communicationPreferences", checked)}
        label="I would like to receive news about sessions and events (optional)"
      />
      <FormActions label={submitting ? PROCESSING_LABEL : joinList ? WAITING_LIST_LABEL : BOOK_LABEL} submitting={submitting} onCancel={onCancel} className="pt-5" />
      <p className="-mt-3 text-sm text-muted sm:text-right">Fields marked * are required.</p>
    </form>
  );
}
