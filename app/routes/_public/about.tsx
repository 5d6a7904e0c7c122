import { ArrowUpRight, Compass, Sunrise } from "lucide-react";
import { useId, type ReactNode } from "react";
import { PageHero } from "~/components/layout/page-hero";
import { PersonAvatar } from "~/components/people/person-avatar";
import { aboutContent, type Affiliation, type AffiliationImage, type Person } from "~/content/about";
import { useSite } from "~/hooks/use-site";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "About",
    description:
      "Our vision and mission, the directors who lead us, our USA team of medical and healing practitioners, and the organizations we work with.",
    path: "/about",
  });

/** Spec part 1 §2.5: vision and mission, directors, USA team, affiliations. */
export default function About() {
  const { site } = useSite();
  const { vision, mission, directors, usaTeam, affiliations } = aboutContent;
  return (
    <>
      <PageHero title="About" eyebrow="Who we are">
        <p>
          {site.orgName} teaches hypnotherapy, regression therapy and conscious living through in-person workshops
          across the USA.
        </p>
      </PageHero>

      <section aria-labelledby="purpose-heading" className="bg-white py-14 md:py-20">
        <div className="container-page">
          <h2 id="purpose-heading" className="sr-only">
            Our Vision and Mission
          </h2>
          <div className="grid gap-6 md:grid-cols-2 md:gap-8">
            <PurposeCard icon={<Sunrise className="size-6" />} title="Our Vision" text={vision} />
            <PurposeCard icon={<Compass className="size-6" />} title="Our Mission" text={mission} />
          </div>
        </div>
      </section>

      <section aria-labelledby="directors-heading" className="py-16 md:py-24">
        <div className="container-page">
          <SectionIntro id="directors-heading" eyebrow="Leadership" title="Meet Our Directors">
            Three directors share the work of leading the institute: its vision, its growth and the standard every
            graduate is held to.
          </SectionIntro>
          {/* Each card spans three rows of the list's grid (subgrid), so names, roles and bios line up across a row of cards. */}
          <ul className="mt-10 mx-auto grid max-w-xl gap-x-8 gap-y-6 md:mt-12 lg:max-w-none lg:grid-cols-3">
            {directors.map((person) => (
              <li key={person.name} className="row-span-3 grid grid-rows-subgrid">
                <DirectorCard person={person} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="team-heading" className="bg-sand-100 py-16 md:py-24">
        <div className="container-page">
          <SectionIntro id="team-heading" eyebrow="Our practitioners" title="Meet Our USA Team">
            Physicians, psychologists, nurses and therapists who teach, supervise and mentor our students in
            workshops across the country.
          </SectionIntro>
          <ul className="mt-10 grid gap-x-6 gap-y-6 sm:grid-cols-2 md:mt-12 lg:grid-cols-3 lg:gap-x-8">
            {usaTeam.map((person) => (
              <li key={person.name} className="row-span-3 grid grid-rows-subgrid">
                <TeamCard person={person} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="affiliations-heading" className="py-16 md:py-24">
        <div className="container-page">
          <SectionIntro id="affiliations-heading" eyebrow="Partners" title="Our Affiliations">
            We work alongside organizations that share our commitment to ethical, well-taught and accessible
            mind-body care.
          </SectionIntro>
          <ul className="mt-10 mx-auto grid max-w-xl gap-6 md:mt-12 lg:max-w-none lg:grid-cols-3 lg:gap-8">
            {affiliations.map((affiliation) => (
              <li key={affiliation.url}>
                <AffiliationCard affiliation={affiliation} />
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

function SectionIntro({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: string; children: ReactNode }) {
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-semibold tracking-[0.2em] text-plum-600 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl leading-tight text-plum-900 md:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg text-muted">{children}</p>
    </div>
  );
}

function PurposeCard({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <article className="relative h-full overflow-hidden rounded-3xl bg-plum-50 p-7 ring-1 ring-plum-100 md:p-10">
      <div aria-hidden="true" className="absolute inset-x-0 top-0 h-1 bg-brand-gradient" />
      <div className="flex items-center gap-4">
        <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-white text-plum-700 shadow-sm">
          {icon}
        </span>
        <h3 className="text-2xl text-plum-900 md:text-3xl">{title}</h3>
      </div>
      <p className="mt-6 font-serif text-xl leading-relaxed text-ink md:text-2xl">{text}</p>
    </article>
  );
}

function DirectorCard({ person }: { person: Person }) {
  return (
    <article className="row-span-3 grid grid-rows-subgrid gap-y-0 rounded-3xl bg-white p-7 shadow-sm ring-1 ring-plum-100 md:p-8">
      <div className="flex flex-col items-center text-center">
        <PersonAvatar name={person.name} palette={person.portrait} size="lg" />
        <h3 className="mt-5 text-2xl text-plum-900">{person.name}</h3>
      </div>
      <div className="mt-2 flex flex-col items-center text-center">
        <p className="font-semibold text-balance text-plum-700">{person.role}</p>
        {person.credentials ? <p className="mt-1 text-sm text-balance text-muted">{person.credentials}</p> : null}
        {/* At the foot of the row, so the rules of a row of cards line up too. */}
        <span aria-hidden="true" className="mt-auto pt-5">
          <span className="block h-px w-12 bg-gold-500" />
        </span>
      </div>
      {/* Long text reads best left-aligned; only the short lines above are centred. */}
      <p className="mt-5 leading-relaxed text-ink/90">{person.bio}</p>
    </article>
  );
}

function TeamCard({ person }: { person: Person }) {
  return (
    <article className="row-span-3 grid grid-rows-subgrid gap-y-0 rounded-3xl bg-white p-7 shadow-sm ring-1 ring-plum-100">
      {/* Names line up across a row whether the credentials under them take one line or two. */}
      <div className="flex items-start gap-4">
        <PersonAvatar name={person.name} palette={person.portrait} />
        <div>
          <h3 className="text-xl leading-snug text-plum-900">{person.name}</h3>
          {person.credentials ? <p className="mt-0.5 text-sm text-muted">{person.credentials}</p> : null}
        </div>
      </div>
      <p className="mt-5 font-semibold text-plum-700">{person.role}</p>
      <p className="mt-2 leading-relaxed text-ink/90">{person.bio}</p>
    </article>
  );
}

function AffiliationCard({ affiliation }: { affiliation: Affiliation }) {
  return (
    <article className="flex h-full flex-col rounded-3xl bg-white p-7 shadow-sm ring-1 ring-plum-100 md:p-8">
      <AffiliationEmblem img={affiliation.img} />
      <h3 className="mt-6 text-2xl leading-snug text-plum-900">{affiliation.title}</h3>
      <p className="mt-3 flex-1 leading-relaxed text-muted">{affiliation.description}</p>
      <a
        href={affiliation.url}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-8 inline-flex min-h-11 items-center gap-2 self-start rounded-full bg-plum-700 px-6 font-semibold text-white shadow-md transition-colors hover:bg-plum-800"
      >
        Visit Website<span className="sr-only">: {affiliation.title}</span>
        <ArrowUpRight aria-hidden="true" className="size-4" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </article>
  );
}

/** The partner's logo, or its letters in an inline SVG badge. Decorative: the name is the card's heading. */
function AffiliationEmblem({ img }: { img: AffiliationImage }) {
  const gradientId = `emblem-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  if (img.kind === "image") {
    return <img src={img.src} alt="" className="h-16 w-auto max-w-40 object-contain" />;
  }
  const letters = img.letters.slice(0, 3).toUpperCase();
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 64 64" className="size-16 shrink-0 drop-shadow-sm">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" className="[stop-color:var(--color-plum-900)]" />
          <stop offset="0.55" className="[stop-color:var(--color-plum-600)]" />
          <stop offset="1" stopColor="#a26bd6" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="18" fill={`url(#${gradientId})`} />
      <circle cx="32" cy="32" r="23" fill="none" strokeWidth="1.25" className="stroke-gold-500" />
      <text
        x="32"
        y="33"
        textAnchor="middle"
        dominantBaseline="central"
        fill="#fff"
        fontSize={letters.length > 2 ? 15 : 20}
        fontWeight="600"
        letterSpacing="1"
        className="font-serif"
      >
        {letters}
      </text>
    </svg>
  );
}
