import type { ReactNode } from "react";
import { PageHero } from "~/components/layout/page-hero";
import { servicesContext } from "~/context.server";
import { MAIL_KEEP_DAYS } from "~/features/retention/retention.server";
import { currentSettings } from "~/features/settings/settings.server";
import { useSite } from "~/hooks/use-site";
import { countOf } from "~/lib/count-of";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Privacy Policy",
    description:
      "What personal information we collect when you contact us, register or book a session, why we use it, how long we keep it and the rights you have.",
    path: "/privacy-policy",
  });

/**
 * The retention periods in force (staff may change them, decision 0038): read
 * from the database, the same values the retention job applies. A save moves
 * the content version, so no cached copy of this page outlives it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const { photoDays, registrationYears, contactYears } = await currentSettings(db, config.settingDefaults);
  return { retention: { photoDays, registrationYears, contactYears, mailDays: MAIL_KEEP_DAYS } };
}

const LAST_UPDATED = "November 27, 2026";

/** '1 year', '3 years'. */

/** The sections, in order: the table of contents and the headings both come from here. */
const SECTIONS = [
  { id: "who-we-are", title: "Who we are" },
  { id: "what-we-collect", title: "The information we collect" },
  { id: "cookies", title: "Cookies and local storage" },
  { id: "emails", title: "Emails we send" },
  { id: "purposes", title: "Why we use your information" },
  { id: "retention", title: "How long we keep it" },
  { id: "who-can-see", title: "Who can see your information" },
  { id: "security", title: "How we protect it" },
  { id: "your-rights", title: "Your rights" },
  { id: "children", title: "Children" },
  { id: "changes", title: "Changes to this policy" },
] as const;

type SectionId = (typeof SECTIONS)[number]["id"];

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { site } = useSite();
  const { retention } = loaderData;
  const email = (
    <a className="font-semibold text-plum-700 underline underline-offset-2 hover:text-plum-900" href={`mailto:${site.contactEmail}`}>
      {site.contactEmail}
    </a>
  );
  return (
    <>
      <PageHero title="Privacy Policy">
        <p>Last updated: {LAST_UPDATED}</p>
      </PageHero>

      <div className="container-page py-12 text-lg leading-relaxed text-ink md:py-16 lg:grid lg:grid-cols-[minmax(0,70ch)_minmax(15rem,1fr)] lg:gap-x-16">
        <p className="max-w-[70ch] text-xl leading-relaxed lg:col-start-1 lg:row-start-1">
          This policy explains what personal information {site.orgName} collects through this website, why we collect
          it, how long we keep it, who can see it and the choices you have. We collect only what we need to answer you,
          run our programs and certify our graduates. We never sell your information and we do not use it for
          advertising.
        </p>

        <nav
          aria-labelledby="toc-heading"
          className="mt-10 max-w-[70ch] rounded-2xl bg-white p-6 shadow-sm ring-1 ring-plum-100 md:p-8 lg:sticky lg:top-[calc(var(--header-height)+1.5rem)] lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mt-0 lg:self-start lg:p-6 lg:text-base"
        >
          <h2 id="toc-heading" className="font-sans text-sm font-semibold tracking-[0.2em] text-plum-700 uppercase">
            Contents
          </h2>
          <ol className="mt-4 grid gap-1">
            {SECTIONS.map((s, i) => (
              <li key={s.id} className="flex gap-2">
                <span aria-hidden="true" className="w-6 shrink-0 py-1 text-right text-muted tabular-nums">
                  {i + 1}.
                </span>
                <a
                  href={`#${s.id}`}
                  className="block py-1 text-plum-700 underline decoration-plum-200 underline-offset-4 hover:text-plum-900 hover:decoration-plum-700"
                >
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="max-w-[70ch] lg:col-start-1 lg:row-start-2">
          <Section id="who-we-are">
            <p>
              {site.orgName} (&ldquo;we&rdquo;, &ldquo;us&rdquo;) teaches hypnotherapy, regression therapy and
              personal development through in-person workshops across the USA. We are responsible for the personal
              information collected through this website. For any question about this policy or your information,
              write to us at {email}.
            </p>
          </Section>

          <Section id="what-we-collect">
            <p>We collect information only when you give it to us through one of the forms below.</p>

            <SubHeading>When you contact us</SubHeading>
            <p>
              The Contact Us form asks for your first and last name, email address, phone number, country, zip code
              and, if you wish, a message. We also record that you accepted this policy and when you wrote.
            </p>

            <SubHeading>When you register for a program</SubHeading>
            <p>
              To enroll in a DECODE level, an Integrated Clinical Hypnotherapy (ICH) program or TASSO, the registration
              form asks for:
            </p>
            <List>
              <li>your first, middle and last names, and your name as it should appear on your certificate;</li>
              <li>your email address and mobile number;</li>
              <li>your date of birth and occupation;</li>
              <li>your current and permanent addresses;</li>
              <li>the session you chose (city, venue, date and time);</li>
              <li>how you heard about us, and whether you would like to hear about future programs;</li>
              <li>
                for an Integrated Clinical Hypnotherapy (ICH) program, and only if you choose to upload them, a profile
                photo and photos of the front and back of your ID, so that we can confirm who you are and issue your
                certificate.
              </li>
            </List>
            <p>
              Identity photos and profile images are stored privately. They are never placed in a public folder or
              reachable through a public link: only a signed-in administrator can view them.
            </p>

            <SubHeading>When you book a Family Constellation session</SubHeading>
            <p>
              The booking form asks for your full name, email address and phone number, together with the session you
              chose and whether you would like to hear about future sessions.
            </p>

            <SubHeading>Information collected automatically</SubHeading>
            <p>
              Like any website, our server receives your device&rsquo;s IP address with each request. We use it to
              limit how often forms and the staff sign-in can be submitted, which protects you and us from abuse, and
              it appears in short-lived technical logs that we keep to fix faults and investigate attacks. We do not
              use analytics or build profiles of visitors.
            </p>
          </Section>

          <Section id="cookies">
            <p>We keep browser storage to the strict minimum.</p>
            <List>
              <li>
                <strong>Cookies for staff only.</strong> When an administrator signs in, we set strictly necessary
                cookies. One keeps them signed in and ends after one day, or after 30 days if they chose &ldquo;Remember
                me&rdquo;. Another, kept for a year, lets that browser sign in again even while someone else is guessing
                at the account&rsquo;s password. A third lasts a minute and carries a confirmation from one staff page to
                the next. None of them can be read by scripts on the page. Visitors who do not sign in receive no
                cookie from us.
              </li>
              <li>
                <strong>No advertising or tracking cookies.</strong> We do not use advertising cookies, analytics
                cookies or any third-party tracking.
              </li>
              <li>
                <strong>Local storage for your program choice.</strong> When you press &ldquo;Enroll Now&rdquo; on a
                program, your browser stores that program&rsquo;s title in its local storage so the enrollment page
                can show which program you picked. It stays on your device, is not sent to us on its own, and you
                can clear it at any time in your browser&rsquo;s settings.
              </li>
            </List>
            <p>Because we only use storage that is strictly necessary, we do not show a cookie banner.</p>
          </Section>

          <Section id="emails">
            <p>We send emails only in connection with something you asked for:</p>
            <List>
              <li>an acknowledgment when you send us a message, and our reply;</li>
              <li>
                a confirmation when you register for a program or book a Family Constellation session, with a
                calendar file (.ics) attached so you can add the session&rsquo;s date, time and venue to your calendar;
              </li>
              <li>practical messages about a session you booked, such as a change of venue or time;</li>
              <li>
                news about upcoming programs, only if you ticked the communication-preferences box. You can stop
                these at any time by replying to any of them or writing to {email}.
              </li>
            </List>
          </Section>

          <Section id="purposes">
            <p>We use your information for the following purposes, each with its legal basis:</p>
            <List>
              <li>
                <strong>Answering your message</strong>: to take the steps you asked for, and our legitimate interest
                in replying to inquiries.
              </li>
              <li>
                <strong>Registering you, organizing your session and sending confirmations</strong>: to perform our
                agreement with you.
              </li>
              <li>
                <strong>Confirming your identity and issuing your certificate</strong> (identity photo, date of birth,
                profile image): to perform our agreement with you, and our legitimate interest in making sure each
                certificate is issued to the right person.
              </li>
              <li>
                <strong>Keeping the website secure</strong> (IP addresses, rate limits, technical logs): our
                legitimate interest in protecting the service and the people who use it.
              </li>
              <li>
                <strong>Sending news about programs</strong>: your consent, which you can withdraw at any time.
              </li>
              <li>
                <strong>Meeting legal obligations</strong>, such as answering a lawful request from an authority:
                compliance with the law.
              </li>
            </List>
          </Section>

          <Section id="retention">
            <p>We keep personal information only as long as we need it, then delete or anonymize it:</p>
            <List>
              <li>
                contact messages: {countOf(retention.contactYears, "year")} after they reach us; then your name, email
                address, phone number, zip code and message are removed;
              </li>
              <li>
                identity photos and profile images sent with a registration: deleted{" "}
                {countOf(retention.photoDays, "day")} after the session ends;
              </li>
              <li>
                program registrations and Family Constellation bookings: until {countOf(retention.registrationYears, "year")}{" "}
                after the session ends, so that we can confirm your training when you ask us to; then names, email
                addresses, phone numbers, addresses and date of birth are removed; what stays for our statistics names no
                one: the session, your occupation, how you heard about us and whether you attended;
              </li>
              <li>
                our copies of the emails we send you: deleted {countOf(retention.mailDays, "day")} after they are sent
                (one not yet delivered is kept while we keep trying);
              </li>
              <li>technical logs: about 30 days; rate-limit counters expire within minutes.</li>
            </List>
            <p>
              These periods are applied automatically every day. You can ask us to erase a registration or a booking sooner from
              the private page linked in your confirmation email, or in any of the ways described in{" "}
              <a className="font-semibold text-plum-700 underline underline-offset-2 hover:text-plum-900" href="#your-rights">
                Your rights
              </a>
              .
            </p>
          </Section>

          <Section id="who-can-see">
            <List>
              <li>
                <strong>Our administrators.</strong> Registrations, bookings and messages are visible only to staff
                who sign in to our administration area with their own account. They use the information to run
                sessions and may export a list of registrations for that purpose.
              </li>
              <li>
                <strong>Service providers.</strong> The companies that host this website and deliver our emails
                process information on our behalf, under contract, and only on our instructions.
              </li>
              <li>
                <strong>Authorities</strong>, when the law requires us to disclose information.
              </li>
            </List>
            <p>We never sell or rent your information, and we do not share it with anyone for their own marketing.</p>
          </Section>

          <Section id="security">
            <List>
              <li>Everything you send to this website travels over an encrypted connection (HTTPS).</li>
              <li>
                Identity photos and profile images are stored outside the public part of the website and shown only to
                signed-in administrators.
              </li>
              <li>
                Staff passwords are never stored as written: we keep only a strong, deliberately slow one-way hash.
              </li>
              <li>
                Staff sign-in attempts and public forms are rate limited, and submissions are checked and size limited
                before anything is stored.
              </li>
            </List>
            <p>
              No system is perfectly secure. If a breach ever put your information at risk, we would tell you and the
              relevant authorities as the law requires.
            </p>
          </Section>

          <Section id="your-rights">
            <p>You may ask us at any time to:</p>
            <List>
              <li>
                <strong>access</strong> the personal information we hold about you and receive a copy;
              </li>
              <li>
                <strong>correct</strong> information that is wrong or incomplete;
              </li>
              <li>
                <strong>delete</strong> your information, unless we must keep it by law;
              </li>
              <li>
                <strong>object</strong> to our use of it, or withdraw your consent to program news.
              </li>
            </List>
            <p>
              To exercise any of these rights, write to {email} from the email address you used with us, and tell us
              what you would like us to do. We may ask you to confirm your identity before acting. We answer within 30
              days and there is no charge. If you are not satisfied with our answer, you may also complain to the data
              protection authority where you live.
            </p>
          </Section>

          <Section id="children">
            <p>
              Our programs and sessions are for adults: you must be over 18 to register or book. We do not knowingly
              collect information about children. If you believe a child has sent us their details, write to {email}{" "}
              and we will delete them.
            </p>
          </Section>

          <Section id="changes">
            <p>
              We may update this policy when our website or the law changes. We will change the &ldquo;Last
              updated&rdquo; date at the top of this page and, if a change matters to how we use information you have
              already given us, we will tell you by email before it takes effect.
            </p>
          </Section>
        </div>
      </div>
    </>
  );
}

function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = SECTIONS.find((s) => s.id === id)!.title;
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-14 space-y-5 md:mt-16">
      <h2 id={`${id}-heading`} className="text-3xl leading-tight text-plum-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="pt-4 text-xl text-plum-900 md:text-2xl">{children}</h3>;
}

function List({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-3 pl-6 marker:text-plum-400">{children}</ul>;
}
