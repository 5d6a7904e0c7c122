import { ArrowRight } from "lucide-react";
import { Link, useLocation } from "react-router";
import { PageHero } from "./page-hero";

/** Where a visitor can go from a page that is not published yet: the programs first, then a person. */
const programs = [
  { to: "/decode", name: "DECODE", blurb: "Five in-person levels to transform mind, behavior and relationships." },
  { to: "/ich", name: "Integrated Clinical Hypnotherapy", blurb: "A professional certification path in clinical hypnotherapy." },
  { to: "/family-constellation", name: "Family Constellation", blurb: "Workshop sessions in a small group." },
  { to: "/tasso", name: "TASSO", blurb: "Six practical modules with guided practice." },
];

/** The coming-soon body: what a page shows until its content is published. */
export function ComingSoon({ title }: { title: string }) {
  const { pathname } = useLocation();
  return (
    <>
      <PageHero eyebrow={title} title="Coming Soon">
        <p>We are preparing this page. Please check back soon.</p>
      </PageHero>
      <section aria-labelledby="coming-soon-next" className="container-page py-16 md:py-24">
        <h2 id="coming-soon-next" className="text-3xl text-plum-900">
          In the meantime
        </h2>
        <p className="mt-3 max-w-xl text-lg text-muted">Explore our programs, or write to us: we are happy to help you choose.</p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2">
          {programs
            .filter((p) => p.to !== pathname)
            .map((p) => (
            <li key={p.to}>
              <Link
                to={p.to}
                className="group flex h-full items-start justify-between gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-plum-100 transition-colors hover:ring-plum-400"
              >
                <span>
                  <span className="block font-serif text-xl text-plum-900">{p.name}</span>
                  <span className="mt-1 block text-muted">{p.blurb}</span>
                </span>
                <ArrowRight aria-hidden="true" className="mt-1.5 size-5 shrink-0 text-plum-600 transition-transform group-hover:translate-x-0.5" />
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link
            to="/contact-us"
            className="inline-flex min-h-12 items-center rounded-full bg-brand-gradient px-7 font-semibold text-white shadow-md hover:opacity-95"
          >
            Contact Us
          </Link>
          <Link
            to="/"
            className="inline-flex min-h-12 items-center rounded-full border border-plum-200 bg-white px-7 font-semibold text-plum-800 hover:bg-plum-50"
          >
            Go to Home
          </Link>
        </div>
      </section>
    </>
  );
}
