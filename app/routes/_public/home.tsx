import { ArrowRight, Play } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ResponsivePicture } from "~/components/media/responsive-picture";
import { TestimonialCarousel } from "~/components/media/testimonial-carousel";
import { VideoDialog } from "~/components/media/video-dialog";
import { VideoPlayer } from "~/components/media/video-player";
import { audienceCards, testimonials, trainingCards, type AudienceCard } from "~/content/home";
import { videos } from "~/content/media";
import { useSite } from "~/hooks/use-site";
import { pageMeta, siteFrom } from "~/lib/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFrom(matches);
  return [
    ...pageMeta(matches, {
      title: "Conscious Living",
      description:
        "Transformative training, workshops and healing pathways in hypnotherapy, regression therapy and personal development, across the USA.",
      path: "/",
    }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: site?.orgName,
        url: site?.publicUrl,
        // A raster image: search engines take no SVG logo and want 112 px or more (decision 0077).
        logo: `${site?.publicUrl ?? ""}/icon-512.png`,
        email: site?.contactEmail,
        sameAs: site ? [site.social.facebook, site.social.instagram, site.social.linkedin] : [],
        description: "Training in hypnotherapy, regression therapy and personal development through in-person workshops across the USA.",
      },
    },
  ];
};

export default function Home() {
  const { site } = useSite();
  return (
    <>
      <Hero orgName={site.orgName} />
      <IntroVideo />
      <TherapistBanner />
      <DecodePromo />
      <WhoCanBenefit />
      <TrainingPrograms />
      <section aria-labelledby="testimonials-heading" className="bg-plum-50 py-16 md:py-24">
        <div className="container-page">
          <SectionHeading id="testimonials-heading" eyebrow="Testimonials" title="What People Say" />
          <div className="mt-10">
            <TestimonialCarousel items={testimonials} />
          </div>
        </div>
      </section>
    </>
  );
}

function SectionHeading({ id, eyebrow, title, children, light }: { id: string; eyebrow: string; title: string; children?: React.ReactNode; light?: boolean }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className={`text-sm font-semibold tracking-[0.2em] uppercase ${light ? "text-plum-200" : "text-plum-600"}`}>{eyebrow}</p>
      <h2 id={id} className={`mt-2 text-3xl md:text-4xl ${light ? "text-white" : "text-plum-900"}`}>
        {title}
      </h2>
      {children ? <p className={`mt-4 text-lg ${light ? "text-plum-100" : "text-muted"}`}>{children}</p> : null}
    </div>
  );
}

function Hero({ orgName }: { orgName: string }) {
  return (
    <section className="relative isolate flex min-h-[800px] items-center overflow-hidden bg-hero text-white">
      <HeroArt />
      <div className="container-page pt-(--header-height)">
        <Kicker items={["Hypnotherapy", "Regression", "Personal growth"]} />
        <h1 className="mt-4 max-w-3xl text-5xl leading-[1.05] md:text-7xl">Conscious Living</h1>
        <p className="mt-6 max-w-xl text-lg text-plum-50 md:text-xl">
          Experience transformative training, workshops, and healing pathways with {orgName}
        </p>
        <div className="mt-10 flex flex-wrap gap-3">
          <a href="#trainings-section" className="inline-flex min-h-12 items-center rounded-full bg-white px-7 font-semibold text-plum-800 shadow-lg hover:bg-plum-50">
            Trainings
          </a>
          <Link to="/family-constellation" className="inline-flex min-h-12 items-center rounded-full px-7 font-semibold text-white ring-2 ring-white/70 hover:bg-white/10">
            Constellation
          </Link>
        </div>
        <Link to="/about" className="mt-8 inline-flex min-h-11 items-center gap-2 font-medium text-white underline decoration-plum-200 decoration-2 underline-offset-4 hover:decoration-white">
          Learn about {orgName}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </section>
  );
}

/**
 * The hero's kicker: items separated by a dot that never starts or ends a line.
 * Each item carries its dot on its left; the row is shifted left by that width
 * and clipped, so the dot of an item that opens a line is cut off.
 */
function Kicker({ items }: { items: string[] }) {
  return (
    <p className="overflow-hidden text-sm font-semibold tracking-[0.25em] text-plum-200 uppercase">
      <span className="-ml-7 flex flex-wrap gap-y-1">
        {items.map((item, i) => (
          <span key={item} className="relative pl-7 whitespace-nowrap">
            <span aria-hidden="true" className="absolute left-2.5">
              ·
            </span>
            {i > 0 ? <span className="sr-only">, </span> : null}
            {item}
          </span>
        ))}
      </span>
    </p>
  );
}

/** Soft concentric rings: pure CSS/SVG, nothing to download. Below 768 px the centre sits low right, clear of the buttons. */
function HeroArt() {
  return (
    <svg aria-hidden="true" focusable="false" className="absolute -right-72 -bottom-72 -z-10 size-[46rem] text-white opacity-[0.12] md:-right-20 md:-bottom-40" viewBox="0 0 400 400">
      {[190, 150, 112, 76, 42].map((r) => (
        <circle key={r} cx="200" cy="200" r={r} fill="none" stroke="currentColor" strokeWidth="1.2" />
      ))}
      <circle cx="200" cy="200" r="16" fill="currentColor" />
    </svg>
  );
}

function IntroVideo() {
  const v = videos.intro;
  return (
    <section aria-labelledby="intro-heading" className="py-16 md:py-24">
      <div className="container-page grid items-center gap-10 lg:grid-cols-[2fr_3fr]">
        <div>
          <p className="text-sm font-semibold tracking-[0.2em] text-plum-600 uppercase">Welcome</p>
          <h2 id="intro-heading" className="mt-2 text-3xl text-plum-900 md:text-4xl">
            Healing starts with understanding
          </h2>
          <p className="mt-4 text-lg text-muted">
            Our trainings combine clinical hypnotherapy, regression therapy and practical tools for everyday life. Watch a short
            introduction to how we teach.
          </p>
        </div>
        <VideoPlayer src={v.src} poster={v.poster} title={v.title} caption={v.title} captions={v.captions} allowFullscreen sizes="(min-width: 1024px) 640px, 100vw" />
      </div>
    </section>
  );
}

function TherapistBanner() {
  return (
    <section aria-labelledby="therapist-heading" className="bg-brand-gradient text-white">
      <div className="container-page flex flex-col items-start gap-6 py-12 md:flex-row md:items-center md:justify-between md:py-14">
        <h2 id="therapist-heading" className="max-w-2xl text-2xl leading-snug md:text-3xl">
          Experience transformational breakthroughs with a certified therapist.
        </h2>
        <Link to="/contact-us?topic=therapist" className="inline-flex min-h-12 shrink-0 items-center rounded-full bg-white px-7 font-semibold text-plum-800 shadow-lg hover:bg-plum-50">
          Find a Therapist Near Me
        </Link>
      </div>
    </section>
  );
}

function DecodePromo() {
  const v = videos.decodePromo;
  return (
    <section aria-labelledby="decode-promo-heading" className="bg-sand-100 py-16 md:py-24">
      <div className="container-page grid items-center gap-10 lg:grid-cols-[3fr_2fr]">
        <div className="lg:order-2">
          <p className="text-sm font-semibold tracking-[0.2em] text-plum-600 uppercase">Signature program</p>
          <h2 id="decode-promo-heading" className="mt-2 text-3xl text-plum-900 md:text-4xl">
            DECODE
          </h2>
          <p className="mt-4 text-lg text-muted">
            Transform your mind, behavior, relationships and blueprint in five practical levels, from a one-day introduction to a
            masterclass for parents and teachers.
          </p>
          <Link
            to="/decode"
            aria-label="Know More about DECODE"
            className="mt-6 inline-flex min-h-12 items-center gap-2 rounded-full bg-brand-gradient px-7 font-semibold text-white shadow-md hover:opacity-95"
          >
            Know More
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        <VideoPlayer src={v.src} poster={v.poster} title={v.title} caption={v.title} captions={v.captions} allowFullscreen sizes="(min-width: 1024px) 680px, 100vw" className="lg:order-1" />
      </div>
    </section>
  );
}

function WhoCanBenefit() {
  // The chosen card stays set while the dialog closes, so focus can return to its button.
  const [shown, setShown] = useState<AudienceCard | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="benefit-heading" className="py-16 md:py-24">
      <div className="container-page">
        <SectionHeading id="benefit-heading" eyebrow="For whom" title="Who can benefit">
          People come to us from boardrooms, classrooms and clinics. Here is what they find.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {audienceCards.map((card) => (
            <li key={card.title} className="group focus-frame overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-plum-100">
              <div className="relative aspect-video">
                <ResponsivePicture image={card.video.poster} sizes="(min-width: 768px) 33vw, 100vw" decorative className="size-full object-cover" />
                <button
                  type="button"
                  onClick={() => {
                    setShown(card);
                    setOpen(true);
                  }}
                  aria-label={`Play video: ${card.title}`}
                  className="focus-frame-target absolute inset-0 grid place-items-center bg-plum-950/10 transition-colors hover:bg-plum-950/25"
                >
                  <span aria-hidden="true" className="grid size-14 place-items-center rounded-full bg-white/90 text-plum-800 shadow-lg transition-transform group-hover:scale-105">
                    <Play className="ml-0.5 size-6 fill-current" />
                  </span>
                </button>
              </div>
              <div className="p-6">
                <h3 className="text-xl text-plum-900">{card.title}</h3>
                <p className="mt-2 text-muted">{card.blurb}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      {shown ? (
        <VideoDialog
          open={open}
          onClose={() => setOpen(false)}
          title={`Who can benefit: ${shown.title}`}
          src={shown.video.src}
          poster={shown.video.poster}
          captions={shown.video.captions}
        />
      ) : null}
    </section>
  );
}

function TrainingPrograms() {
  return (
    <section id="trainings-section" aria-labelledby="trainings-heading" className="bg-white py-16 md:py-24">
      <div className="container-page">
        <SectionHeading id="trainings-heading" eyebrow="Trainings" title="Our Training Programs">
          In-person workshops across the USA, taught by certified faculty.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {trainingCards.map((card) => (
            <li key={card.link}>
              <Link to={card.link} className="group flex h-full flex-col overflow-hidden rounded-3xl bg-sand-50 shadow-sm ring-1 ring-plum-100 transition-shadow hover:shadow-lg">
                {/* The programme's name is real text over its picture (no picture carries words). */}
                <div className="relative aspect-[4/3] overflow-hidden" data-testid="training-art">
                  <ResponsivePicture image={card.image} sizes="(min-width: 768px) 33vw, 100vw" decorative className="size-full object-cover transition-transform duration-500 group-hover:scale-105" />
                  {/* Dark enough under the whole title: three columns at 768 px wrap a long name onto three lines. */}
                  <span aria-hidden="true" className="absolute inset-0 bg-gradient-to-t from-plum-950/75 via-plum-950/45 via-55% to-transparent" />
                  <h3 className="absolute inset-x-0 bottom-0 p-6 text-2xl leading-tight text-balance text-white drop-shadow-sm md:p-5 md:text-xl lg:p-6 lg:text-[1.7rem]">{card.name}</h3>
                </div>
                <div className="flex flex-1 flex-col p-6">
                  <p className="flex-1 text-muted">{card.blurb}</p>
                  <span className="mt-5 inline-flex items-center gap-2 font-semibold text-plum-700">
                    Learn more
                    <ArrowRight aria-hidden="true" className="size-4 shrink-0 transition-transform group-hover:translate-x-1" />
                  </span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
