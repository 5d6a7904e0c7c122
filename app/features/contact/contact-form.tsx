import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { preloadToasts, toast } from "~/components/ui/toasts";
import { useFocusFirstInvalid } from "~/hooks/use-focus-first-invalid";
import { useHydrated } from "~/hooks/use-hydrated";
import { ApiError, apiRequest, failureMessage } from "~/lib/api-client";
import type { FieldErrors } from "~/lib/validation";
import { ContactSent } from "./contact-sent";
import { countryOptions, validateContact, type ContactField } from "./schema";

export const SENDING_TOAST = "Sending your message...";
export const SUCCESS_TOAST = "Message sent successfully! We will contact you soon.";
export const FAILURE_TOAST = "Failed to send message. Please try again later.";

type Values = Record<Exclude<ContactField, "acceptPrivacyPolicy">, string> & { acceptPrivacyPolicy: boolean };

const empty: Values = {
  firstName: "",
  lastName: "",
  email: "",
  phoneNumber: "",
  country: "",
  zipCode: "",
  message: "",
  acceptPrivacyPolicy: false,
};

type Props = {
  /** Values to start from: a pre-filled message (D3) or what a no-JavaScript post sent back. */
  initial?: Partial<Values>;
  /** Errors the server rendered after a no-JavaScript post. */
  serverErrors?: FieldErrors<ContactField>;
};

/**
 * The Contact Us form (spec part 1 §2.6, §4.5, §5.1). A real <form> posting to
 * this page, so it works before JavaScript loads; once hydrated it validates on
 * every change and sends through the JSON API with toasts.
 */
export function ContactForm({ initial, serverErrors }: Props) {
  const start = useMemo(() => ({ ...empty, ...initial }), [initial]);
  const [values, setValues] = useState<Values>(start);
  const [touched, setTouched] = useState<Partial<Record<ContactField, boolean>>>({});
  const [dirty, setDirty] = useState(false);
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();
  const [remoteErrors, setRemoteErrors] = useState<FieldErrors<ContactField>>(serverErrors ?? {});
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  // The thank-you shown in the page after a send; focus moves to it.
  const [sent, setSent] = useState<string | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const check = validateContact(values);
  const errors: FieldErrors<ContactField> = check.ok ? {} : check.errors;
  const shown = (f: ContactField) => (touched[f] ? errors[f] : undefined) ?? remoteErrors[f];

  function update<K extends keyof Values>(field: K, value: Values[K]) {
    void preloadToasts();
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
    setRemoteErrors((r) => ({ ...r, [field]: undefined }));
    setDirty(true);
    setSent(null);
  }
  const blur = (field: ContactField) => () => setTouched((t) => ({ ...t, [field]: true }));

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // The button stays focusable while it shows as disabled: sending twice does nothing,
    // and asking to send an invalid form shows every error and focuses the first.
    if (sending) return;
    if (!check.ok) {
      setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])));
      focusFirstInvalid();
      return;
    }
    if (!dirty) return;
    setSending(true);
    // The request does not wait for the toast library to load.
    const sendingToast = toast.loading(SENDING_TOAST, { duration: 80_000 });
    try {
      const answer = await apiRequest<{ message?: string }>("POST", "/contact", values);
      // The "sending" toast turns into the answer once it is shown; the page does not wait for it.
      void sendingToast.then((id) => toast.success(answer?.message || SUCCESS_TOAST, { id, duration: 5000 }));
      setSent(answer?.message || SUCCESS_TOAST);
      setValues({ ...empty });
      setTouched({});
      setDirty(false);
      setRemoteErrors({});
    } catch (error) {
      const message = failureMessage(error, FAILURE_TOAST);
      if (error instanceof ApiError && error.data && typeof error.data === "object" && "errors" in error.data) {
        setRemoteErrors((error.data as { errors: FieldErrors<ContactField> }).errors);
        focusFirstInvalid();
      }
      void sendingToast.then((id) => toast.error(message || FAILURE_TOAST, { id, duration: 4000 }));
    } finally {
      setSending(false);
    }
  }

  // The spec's disabled rules, shown with aria-disabled; never before JavaScript runs.
  const blocked = hydrated && (sending || !dirty || !check.ok);

  return (
    <form ref={formRef} method="post" action="/contact-us" noValidate onSubmit={onSubmit} aria-label="Contact form" className="grid gap-x-5 gap-y-1 sm:grid-cols-2">
      {sent ? <ContactSent ref={sentRef} message={sent} className="sm:col-span-2" /> : null}
      <Field id="firstName" label="First Name" required error={shown("firstName")}>
        {(a) => (
          <input {...a} name="firstName" autoComplete="given-name" className={inputClass} value={values.firstName} onChange={(e) => update("firstName", e.target.value)} onBlur={blur("firstName")} />
        )}
      </Field>
      <Field id="lastName" label="Last Name" required error={shown("lastName")}>
        {(a) => (
          <input {...a} name="lastName" autoComplete="family-name" className={inputClass} value={values.lastName} onChange={(e) => update("lastName", e.target.value)} onBlur={blur("lastName")} />
        )}
      </Field>
      <Field id="email" label="Email" required error={shown("email")}>
        {(a) => (
          <input {...a} name="email" type="email" autoComplete="email" inputMode="email" className={inputClass} value={values.email} onChange={(e) => update("email", e.target.value)} onBlur={blur("email")} />
        )}
      </Field>
      <Field id="phoneNumber" label="Phone Number" required error={shown("phoneNumber")}>
        {(a) => (
          <input {...a} name="phoneNumber" type="tel" autoComplete="tel" inputMode="tel" className={inputClass} value={values.phoneNumber} onChange={(e) => update("phoneNumber", e.target.value)} onBlur={blur("phoneNumber")} />
        )}
      </Field>
      <Field id="country" label="Country" required error={shown("country")}>
        {(a) => (
          <select {...a} name="country" autoComplete="country" className={inputClass} value={values.country} onChange={(e) => update("country", e.target.value)} onBlur={blur("country")}>
            <option value="">Select Country</option>
            {countryOptions.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="zipCode" label="Zip Code" required error={shown("zipCode")}>
        {(a) => (
          <input {...a} name="zipCode" autoComplete="postal-code" className={inputClass} value={values.zipCode} onChange={(e) => update("zipCode", e.target.value)} onBlur={blur("zipCode")} />
        )}
      </Field>
      <Field id="message" label="Message (optional)" error={shown("message")} className="sm:col-span-2">
        {(a) => (
          <textarea {...a} name="message" rows={5} className={`${inputClass} resize-y`} value={values.message} onChange={(e) => update("message", e.target.value)} onBlur={blur("message")} />
        )}
      </Field>
      <div className="sm:col-span-2">
        <div className="flex items-start gap-3">
          <input
            id="acceptPrivacyPolicy"
            name="acceptPrivacyPolicy"
            type="checkbox"
            value="true"
            checked={values.acceptPrivacyPolicy}
            onChange={(e) => update("acceptPrivacyPolicy", e.target.checked)}
            aria-invalid={Boolean(shown("acceptPrivacyPolicy"))}
            aria-describedby={shown("acceptPrivacyPolicy") ? "acceptPrivacyPolicy-error" : undefined}
            aria-required="true"
            className="mt-0.5 size-6 shrink-0 accent-plum-600"
          />
          <label htmlFor="acceptPrivacyPolicy" className="text-sm leading-6 text-ink">
            I have read and accept the{" "}
            <Link to="/privacy-policy" target="_blank" rel="noopener" className="font-semibold text-plum-700 underline underline-offset-2">
              privacy policy
              <span className="sr-only"> (opens in a new tab)</span>
            </Link>
            <span aria-hidden="true" className="text-danger">
              {" "}*
            </span>
          </label>
        </div>
        <p id="acceptPrivacyPolicy-error" className="mt-1.5 min-h-5 text-sm font-medium text-danger">
          {shown("acceptPrivacyPolicy") ?? ""}
        </p>
      </div>
      <div className="pt-2 sm:col-span-2">
        <SubmitButton
          blocked={blocked}
          className="inline-flex min-h-12 w-full items-center justify-center rounded-full bg-brand-gradient px-8 font-semibold text-white shadow-md transition-opacity hover:opacity-95 sm:w-auto"
        >
          {sending ? "Sending..." : "Send Message"}
        </SubmitButton>
        <p className="mt-3 text-sm text-muted">Fields marked * are required.</p>
      </div>
    </form>
  );
}
