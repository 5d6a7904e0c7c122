import { PageHero } from "./page-hero";

/**
 * What a visitor sees when the site cannot use its database (decision 0033):
 * it is down or overloaded ('We'll be right back', 503), or its disk is full
 * and nothing could be saved (507).
 */
export type Outage = "unavailable" | "storage-full";

export const outageCopy = {
  unavailable: {
    title: "We'll be right back",
    lead: "Our site can't reach its records for a moment. Please try again in a few minutes.",
    posted: "What you sent was not saved: please send it again in a few minutes.",
  },
  "storage-full": {
    title: "We couldn't save that",
    lead: "Our server has run out of storage space, so nothing you sent was saved. Please try again later.",
    posted: "Nothing you sent was kept, so you can safely send it again once we are back.",
  },
} as const;

/** The message and the ways on: try again, the home page, or write to us. */
export function OutageMessage({ outage, contactEmail, retryHref, posted }: { outage: Outage; contactEmail?: string; retryHref: string; posted?: boolean }) {
  const copy = outageCopy[outage];
  return (
    <>
      <PageHero title={copy.title}>
        <p>{copy.lead}</p>
      </PageHero>
      <section className="container-page py-16 md:py-24">
        {posted ? <p className="max-w-2xl text-lg text-plum-900">{copy.posted}</p> : null}
        {contactEmail ? (
          <p className="mt-3 max-w-2xl text-lg text-muted">
            If it can't wait, write to us at{" "}
            <a className="font-semibold text-plum-700 underline" href={`mailto:${contactEmail}`}>
              {contactEmail}
            </a>
            .
          </p>
        ) : null}
        <div className="mt-8 flex flex-wrap gap-3">
          <a
            href={retryHref}
            className="inline-flex min-h-12 items-center rounded-full bg-brand-gradient px-7 font-semibold text-white shadow-md hover:opacity-95"
          >
            Try again
          </a>
          <a
            href="/"
            className="inline-flex min-h-12 items-center rounded-full border border-plum-200 bg-white px-7 font-semibold text-plum-800 hover:bg-plum-50"
          >
            Go to Home
          </a>
        </div>
      </section>
    </>
  );
}
