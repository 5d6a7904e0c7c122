import { CalendarPlus, CheckCircle2, XCircle } from "lucide-react";
import { useCallback, useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { whileBusy } from "~/components/ui/submit-button";
import { formatSessionDate, formatTimeRange } from "~/features/events/format";
import { useFocusWhenAnswered } from "~/hooks/use-route-focus";
import { usePostPending } from "~/hooks/use-settled-action";

/**
 * What a registrant's (decision 0019) and a Family Constellation booker's
 * (decision 0087) private pages share: their headers, the "not valid" answer,
 * the status, the facts and the cancel with its question.
 */

/**
 * Never indexed, never cached (the page cache keeps nothing private), and no
 * referrer leaves the page for another site (the token is in its URL;
 * same-origin, not no-referrer: its own forms must still carry an Origin, decision 0065).
 */
export const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex, nofollow",
};

/** The calendar file's headers: nothing links on from a file, so no referrer at all. */
export const PRIVATE_FILE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" };

/** What a wrong, malformed or expired link's page and its actions say. */
export const LINK_NOT_VALID = "This link is not valid or has expired.";

export function privateMeta(orgName: string | undefined, title: string) {
  return [
    { title: orgName ? `${title} | ${orgName}` : title },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "same-origin" },
  ];
}

/** The same answer for every link that opens nothing, whatever it was meant to open. */
export function LinkNotValid() {
  return (
    <PageHero title="Link not valid">
      <p>{LINK_NOT_VALID} Links to a registration or a booking work until the session has ended.</p>
      <Link to="/contact-us" className="mt-6 inline-flex min-h-12 items-center rounded-full bg-white px-6 font-semibold text-plum-900 hover:bg-plum-50">
        Contact Us
      </Link>
    </PageHero>
  );
}

/** The session's date and time at the venue, with its zone: "Sat, Dec 5th 2026 · 10:00 AM – 4:00 PM CST". */
export function sessionWhen(startsAt: string, endsAt: string, timeZone: string): string {
  const range = formatTimeRange(startsAt, endsAt, timeZone);
  return /\d(?:st|nd|rd|th) /.test(range) ? range : `${formatSessionDate(startsAt, timeZone)} · ${range}`;
}

export function StatusBadge({ cancelled, sessionCancelled }: { cancelled: boolean; sessionCancelled: boolean }) {
  return cancelled ? (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-rose-50 px-3 py-1 text-sm font-semibold text-rose-800 ring-1 ring-rose-200">
      <XCircle aria-hidden="true" className="size-4" />
      {sessionCancelled ? "Session canceled" : "Canceled"}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200">
      <CheckCircle2 aria-hidden="true" className="size-4" />
      Confirmed
    </span>
  );
}

export function SeatFacts({ facts }: { facts: Array<[string, string]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-plum-700">{label}</dt>
          <dd className="text-plum-950 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The calendar file and "Cancel my {noun}", which asks once more (a
 * `?step=cancel` state, so it works without JavaScript; the question takes the
 * focus) before a plain form posts `intent=cancel`.
 */
export function CancelActions({
  noun,
  calendarHref,
  confirming,
  started,
  session,
  error,
}: {
  noun: "registration" | "booking";
  calendarHref: string;
  confirming: boolean;
  started: boolean;
  session: string;
  error?: string | undefined;
}) {
  const busy = usePostPending("cancel");
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const cancelLink = useRef<HTMLAnchorElement>(null);
  const wasConfirming = useRef(confirming);
  // Asked once more: focus goes to the question, so a screen reader reads it. Kept ("Keep my …"): back to
  // "Cancel my …", where the keyboard was, rather than to the top of the page (decision 0114).
  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
    else if (wasConfirming.current) cancelLink.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  return (
    <div className="mt-8 border-t border-plum-100 pt-6">
      {error ? (
        <p role="alert" className="mb-4 rounded-xl bg-rose-50 p-4 text-rose-900 ring-1 ring-rose-200">
          {error}
        </p>
      ) : null}
      {confirming && !started ? (
        <div className="rounded-2xl bg-plum-50 p-5 ring-1 ring-plum-200">
          <h3 ref={confirmHeading} tabIndex={-1} className="text-xl text-plum-900">
            {`Cancel your ${noun}?`}
          </h3>
          <p className="mt-2 text-plum-800">Your seat in {session} will be released for someone else. This cannot be undone.</p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Form method="post" replace discover="none">
              <input type="hidden" name="intent" value="cancel" />
              <button
                type="submit"
                {...whileBusy(busy)}
                className="inline-flex min-h-12 items-center rounded-full bg-rose-700 px-6 font-semibold text-white hover:bg-rose-800 aria-disabled:opacity-60"
              >
                {busy ? "Canceling..." : `Yes, cancel my ${noun}`}
              </button>
            </Form>
            <Link to="." replace preventScrollReset discover="none" className="inline-flex min-h-12 items-center rounded-full px-6 font-semibold text-plum-800 ring-1 ring-plum-300 hover:bg-white">
              {`Keep my ${noun}`}
            </Link>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-3">
          <a
            href={calendarHref}
            download="session.ics"
            className="inline-flex min-h-12 items-center gap-2 rounded-full bg-plum-800 px-6 font-semibold text-white hover:bg-plum-900"
          >
            <CalendarPlus aria-hidden="true" className="size-5" />
            Add to calendar (.ics)
          </a>
          {started ? null : (
            <Link ref={cancelLink} to="?step=cancel" preventScrollReset discover="none" className="inline-flex min-h-12 items-center rounded-full px-6 font-semibold text-rose-800 ring-1 ring-rose-300 hover:bg-rose-50">
              {`Cancel my ${noun}`}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * Erasure on request (issue 11 point 4; bookings, decision 0089): the
 * registrant or booker asks, staff carry it out with one action. `details`
 * names what would be erased ("your name and contact details from this booking").
 */
export function YourData({ details, requested, justAsked, canCancel }: { details: string; requested: boolean; justAsked: boolean; canCancel: boolean }) {
  const busy = usePostPending("erase");
  const askedRef = useRef<HTMLParagraphElement>(null);
  // The button pressed is replaced by this answer: it takes the focus.
  const focusAsked = useCallback(() => askedRef.current?.focus(), []);
  useFocusWhenAnswered(justAsked, focusAsked);
  return (
    <section aria-labelledby="your-data-heading" className="mx-auto mt-8 max-w-2xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-plum-100 sm:p-8">
      <h2 id="your-data-heading" className="text-xl text-plum-900 md:text-2xl">
        Your personal data
      </h2>
      {requested ? (
        <p
          ref={askedRef}
          tabIndex={justAsked ? -1 : undefined}
          role={justAsked ? "status" : undefined}
          className="mt-3 rounded-xl bg-plum-50 p-4 text-plum-900 outline-none focus-visible:ring-2 focus-visible:ring-plum-500"
        >
          We have your request to erase your personal details. Our team will carry it out within 30 days; this page then
          stops working.
        </p>
      ) : (
        <>
          <p className="mt-3 text-plum-800">
            You can ask us to erase {details} now, instead of at the end of the periods in our{" "}
            <Link to="/privacy-policy#retention" className="font-semibold text-plum-700 underline underline-offset-2 hover:text-plum-900">
              privacy policy
            </Link>
            .{canCancel ? " Erasing does not cancel your seat; cancel it above if you will not attend." : null}
          </p>
          <Form method="post" replace discover="none" className="mt-5">
            <input type="hidden" name="intent" value="erase" />
            <button
              type="submit"
              {...whileBusy(busy)}
              className="inline-flex min-h-12 items-center rounded-full px-6 font-semibold text-plum-800 ring-1 ring-plum-300 hover:bg-plum-50 aria-disabled:opacity-60"
            >
              {busy ? "Sending..." : "Ask to erase my details"}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
