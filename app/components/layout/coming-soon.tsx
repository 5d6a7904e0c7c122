import { Link } from "react-router";
import { PageHero } from "./page-hero";

/** The coming-soon body: what a page shows until its content is published. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <PageHero eyebrow={title} title="Coming Soon">
        <p>We are preparing this page. Please check back soon.</p>
      </PageHero>
      <section className="container-page py-16 md:py-24">
        <p className="max-w-xl text-lg text-muted">
          In the meantime you can explore our programmes or write to us; we are happy to help.
        </p>
        <Link
          to="/"
          className="mt-8 inline-flex min-h-12 items-center rounded-full bg-brand-gradient px-7 font-semibold text-white shadow-md hover:opacity-95"
        >
          Go to Home
        </Link>
      </section>
    </>
  );
}
