/**
 * Built-in course content (spec part 2 §3 'Course level', §9; D11, D12, D14).
 *
 * `fallbackLevels`: the Integrated Clinical Hypnotherapy levels I to V and the
 * sixth course, Born Again. A level page uses it only when the database has no
 * programme for the level, and the demo seed copies it into the database, where
 * an administrator can replace it. `staticDecodeLevels`: the five DECODE levels
 * for /level/{1-5} and /level-one … /level-four, in step with
 * content/seed/decode-programmes.ts (titles, prices, durations).
 *
 * DEMO CONTENT, written for this site. Field names follow the spec's data
 * (what_youll_learn, next_session …). No fixed session dates (D12): sessions,
 * and so every "next session", come from the database.
 */
import { directors, usaTeam } from "./about";

export type Price = { cents: number; currency: "USD" | "AED" };

export type LearningPoint = { heading: string; description: string };

export type LevelInstructor = { name: string; qualification: string; certification: string; experience: string };

export type CourseDetails = {
  language: string;
  skill_level: string;
  students: number;
  lectures: number;
  quizzes: number;
  assessments: number;
  total_hours: number;
};

/** Section 7 of the level page ('Upcoming Workshop'); a level without it hides the section. */
export type SessionDetails = {
  /** Left out of static content (D12): the date of a real session comes from the database. */
  date?: string;
  time: string;
  venue: string;
  registration: string;
  discount_note?: string;
};

export type CourseLevel = {
  level: number;
  title: string;
  subtitle: string;
  duration: string;
  certification: string;
  price: Price;
  /** Never a fixed date (D12); left out of static content. */
  next_session?: string;
  enrollment_features: string[];
  what_youll_learn: LearningPoint[];
  immediate_benefits: string[];
  long_term_benefits: string[];
  /** An even number of topics: the first half fills the left column, the rest the right. */
  curriculum: string[];
  prerequisites: string[];
  who_should_attend: string[];
  instructor: LevelInstructor;
  course_details: CourseDetails;
  session_details?: SessionDetails;
};

export type DecodeLevel = {
  level: number;
  title: string;
  subtitle: string;
  subtitle1?: string;
  duration: string;
  certification: string;
  price: Price;
  /** The unit the price is for, when it is not the whole course ('per person'). */
  price_note?: string;
  next_session?: string;
  description: string;
  what_youll_learn: LearningPoint[];
  immediate_benefits: string[];
  long_term_benefits: string[];
  enrollment_features: string[];
  /** An even number of topics, as for CourseLevel. */
  curriculum: string[];
  who_should_attend: string[];
  prerequisites: string[];
};

const usd = (dollars: number): Price => ({ cents: dollars * 100, currency: "USD" });

function person(name: string) {
  const found = [...directors, ...usaTeam].find((p) => p.name === name);
  if (!found) throw new Error(`content/about.ts has no ${name}`);
  return found;
}

const elena = person("Dr. Elena Marquez-Hale");
const priya = person("Dr. Priya Raman-Cole");
const amara = person("Dr. Amara Delgado");

const leadTrainer: LevelInstructor = {
  name: elena.name,
  qualification: elena.credentials ?? "",
  certification: "Master Trainer in Clinical Hypnotherapy",
  experience: "More than 20 years in private practice and 15 years of teaching",
};

const regressionTrainer: LevelInstructor = {
  name: priya.name,
  qualification: priya.credentials ?? "",
  certification: "Master Trainer in Regression Therapy",
  experience: "18 years of clinical practice; certifying authority of the institute",
};

const traumaTrainer: LevelInstructor = {
  name: amara.name,
  qualification: amara.credentials ?? "",
  certification: "Certified Clinical Hypnotherapist and Trauma-Informed Care Trainer",
  experience: "A decade of trauma work with veterans and first responders",
};

/** ICH levels I to V and Born Again, keyed by level (1 to 6). */
export const fallbackLevels: Record<1 | 2 | 3 | 4 | 5 | 6, CourseLevel> = {
  1: {
    level: 1,
    title: "Level I: Foundations of Clinical Hypnotherapy",
    subtitle: "Learn what hypnosis is, how trance works and how to guide a safe, effective first session.",
    duration: "2 Days",
    certification: "Certificate in Foundations of Clinical Hypnotherapy",
    price: usd(600),
    enrollment_features: [
      "Two full days of in-person training",
      "Printed course manual and recorded inductions",
      "Supervised practice in small groups",
      "Certificate on completion",
    ],
    what_youll_learn: [
      { heading: "How hypnosis works", description: "The conscious and subconscious mind, the nature of trance and the myths that keep people from trying it." },
      { heading: "Inductions and deepeners", description: "Progressive relaxation and other classic inductions, with the deepeners that suit different clients." },
      { heading: "Suggestion", description: "How to phrase suggestions the subconscious mind accepts, and how to test and strengthen them." },
      { heading: "Safe practice", description: "Taking a history, setting expectations, getting consent and bringing a client fully out of trance." },
    ],
    immediate_benefits: [
      "Guide yourself and others into a calm, focused state",
      "Use self-hypnosis for sleep, stress and concentration",
      "Run a complete, structured relaxation session",
    ],
    long_term_benefits: [
      "A solid base for the practitioner levels that follow",
      "Lasting habits of self-regulation and emotional balance",
      "The confidence to talk about hypnosis accurately and responsibly",
    ],
    curriculum: [
      "History and science of hypnosis",
      "The conscious and subconscious mind",
      "Suggestibility and rapport",
      "Progressive relaxation induction",
      "Deepening techniques",
      "Writing effective suggestions",
      "Self-hypnosis practice",
      "Ethics, consent and emerging clients safely",
    ],
    prerequisites: ["None: this level is open to everyone aged 18 or over"],
    who_should_attend: [
      "Anyone curious about hypnosis and the subconscious mind",
      "Counselors, coaches and wellness professionals",
      "Healthcare workers who want calming tools for their patients",
      "People who want a reliable self-help practice",
    ],
    instructor: leadTrainer,
    course_details: { language: "English", skill_level: "Beginner", students: 20, lectures: 10, quizzes: 2, assessments: 1, total_hours: 16 },
  },
  2: {
    level: 2,
    title: "Level II: Practitioner in Clinical Hypnotherapy",
    subtitle: "Work with real client concerns, from anxiety and habits to confidence, using structured therapeutic sessions.",
    duration: "5 Days",
    certification: "Certified Hypnotherapy Practitioner",
    price: usd(1500),
    enrollment_features: [
      "Five days of in-person training, 50 hours in total",
      "Small class of at most 14 students",
      "Session scripts and client intake forms",
      "Practitioner certificate after a supervised assessment",
    ],
    what_youll_learn: [
      { heading: "Client-centered sessions", description: "Intake, goal setting and a session structure you can follow with every client." },
      { heading: "Habits and anxiety", description: "Proven approaches to smoking, eating habits, stress, fears and performance nerves." },
      { heading: "Ego strengthening", description: "Building confidence and self-worth as the base for every change a client makes." },
      { heading: "Working ethically", description: "Scope of practice, record keeping and when to refer a client to another professional." },
    ],
    immediate_benefits: [
      "Run a full therapeutic session from intake to follow-up",
      "Help clients with common concerns such as stress and habits",
      "Practice with feedback from trainers and peers",
    ],
    long_term_benefits: [
      "A recognized practitioner certificate to start your own practice",
      "A growing network of fellow practitioners",
      "Eligibility for Level III regression training",
    ],
    curriculum: [
      "Intake and case formulation",
      "Session structure and follow-up",
      "Anxiety, stress and sleep",
      "Habit change and cravings",
      "Fears and performance nerves",
      "Ego strengthening",
      "Ideomotor signaling",
      "Ethics and scope of practice",
    ],
    prerequisites: ["Level I: Foundations of Clinical Hypnotherapy"],
    who_should_attend: [
      "Level I graduates ready to work with clients",
      "Counselors and coaches adding hypnotherapy to their practice",
      "Nurses and allied health professionals",
    ],
    instructor: leadTrainer,
    course_details: { language: "English", skill_level: "Intermediate", students: 14, lectures: 24, quizzes: 4, assessments: 2, total_hours: 50 },
  },
  3: {
    level: 3,
    title: "Level III: Regression Therapy",
    subtitle: "Guide clients safely to the roots of present difficulties and resolve them where they began.",
    duration: "5 Days",
    certification: "Certified Regression Therapist",
    price: usd(1500),
    enrollment_features: [
      "Five days of in-person training, 70 hours in total",
      "Small class of at most 10 students",
      "Live demonstrations and supervised regressions",
      "Case study review with a senior trainer",
    ],
    what_youll_learn: [
      { heading: "Age regression", description: "Affect bridges and other techniques that lead a client to the first time a feeling appeared." },
      { heading: "Resolving the root", description: "Reframing, release and resource work at the moment a pattern began." },
      { heading: "Abreactions", description: "Recognizing strong emotional releases and keeping the client grounded and safe through them." },
      { heading: "Integration", description: "Bringing insights into daily life and checking that change holds over time." },
    ],
    immediate_benefits: [
      "Lead a complete regression session with confidence",
      "Handle strong emotion calmly and safely",
      "Deepen the results of your existing client work",
    ],
    long_term_benefits: [
      "Lasting resolution for clients rather than symptom relief",
      "A specialist certification that sets your practice apart",
      "Eligibility for Level IV advanced training",
    ],
    curriculum: [
      "Principles of regression therapy",
      "Affect bridge and somatic bridge",
      "Working with early memories",
      "Inner child dialogue",
      "Managing abreactions",
      "Reframing and resolution",
      "Integration and future pacing",
      "Case documentation",
    ],
    prerequisites: [
      "Level II: Practitioner in Clinical Hypnotherapy",
      "50 documented hours of client practice",
      "Case studies from your practice, submitted before the course",
    ],
    who_should_attend: [
      "Practicing hypnotherapists with Level II certification",
      "Therapists who want to resolve the root causes of client issues",
    ],
    instructor: regressionTrainer,
    course_details: { language: "English", skill_level: "Advanced", students: 10, lectures: 30, quizzes: 4, assessments: 3, total_hours: 70 },
  },
  4: {
    level: 4,
    title: "Level IV: Advanced Regression and Parts Therapy",
    subtitle: "Work with inner conflict, deep-seated beliefs and complex cases using parts therapy and advanced regression.",
    duration: "6 Days",
    certification: "Advanced Regression Therapist",
    price: usd(1800),
    enrollment_features: [
      "Six days of in-person training",
      "Supervised work on complex cases",
      "Peer supervision group after the course",
      "Advanced certificate after a practical assessment",
    ],
    what_youll_learn: [
      { heading: "Parts therapy", description: "Giving a voice to conflicting parts of the self and helping them reach agreement." },
      { heading: "Belief change", description: "Finding and updating the core beliefs that hold a pattern in place." },
      { heading: "Complex presentations", description: "Planning work with clients whose concerns are layered or long-standing." },
      { heading: "Trauma-informed practice", description: "Pacing, grounding and resourcing so deep work stays safe." },
    ],
    immediate_benefits: [
      "Resolve inner conflict that blocks a client's progress",
      "Plan a course of sessions for complex cases",
      "Stay grounded and effective in intense sessions",
    ],
    long_term_benefits: [
      "Mastery of the institute's full regression method",
      "Confidence with clients other practitioners refer on",
      "Eligibility for the Level V master practitioner pathway",
    ],
    curriculum: [
      "Parts therapy method",
      "Negotiation between parts",
      "Core belief work",
      "Advanced regression strategies",
      "Trauma-informed pacing",
      "Treatment planning",
      "Supervision and self-care",
      "Practical assessment",
    ],
    prerequisites: ["Level III: Regression Therapy"],
    who_should_attend: [
      "Certified regression therapists",
      "Practitioners who see complex or long-standing cases",
    ],
    instructor: traumaTrainer,
    course_details: { language: "English", skill_level: "Advanced", students: 12, lectures: 32, quizzes: 3, assessments: 3, total_hours: 60 },
  },
  5: {
    level: 5,
    title: "Level V: Master Practitioner and Trainer Pathway",
    subtitle: "Refine your clinical work to master level and learn to teach, supervise and assess others.",
    duration: "8 Days",
    certification: "Master Practitioner in Clinical Hypnotherapy",
    price: usd(2400),
    enrollment_features: [
      "Eight days of in-person training",
      "Teaching practice with live feedback",
      "Supervision skills and assessment standards",
      "Master practitioner certificate",
    ],
    what_youll_learn: [
      { heading: "Master-level practice", description: "Combining every technique of the program fluidly around each client." },
      { heading: "Teaching hypnotherapy", description: "Planning lessons, demonstrating techniques and coaching students through practice." },
      { heading: "Supervision", description: "Supporting other practitioners through case review and reflective practice." },
      { heading: "Assessment", description: "Applying the institute's standards fairly and consistently." },
    ],
    immediate_benefits: [
      "Work with any client concern the program covers, without a script",
      "Give clear, useful feedback to other practitioners",
      "Present techniques confidently to a group",
    ],
    long_term_benefits: [
      "A path to becoming a trainer or supervisor with the institute",
      "Recognition as a master practitioner",
      "A lasting role in raising the standard of the profession",
    ],
    curriculum: [
      "Integrating the full method",
      "Advanced case review",
      "Principles of adult learning",
      "Demonstration skills",
      "Supervision models",
      "Assessment and feedback",
      "Professional leadership",
      "Final teaching assessment",
    ],
    prerequisites: ["Level IV: Advanced Regression and Parts Therapy"],
    who_should_attend: [
      "Advanced regression therapists",
      "Practitioners who want to teach or supervise",
    ],
    instructor: leadTrainer,
    course_details: { language: "English", skill_level: "Expert", students: 10, lectures: 40, quizzes: 2, assessments: 4, total_hours: 80 },
  },
  6: {
    level: 6,
    title: "Born Again: Inner Child Healing",
    subtitle: "Meet, comfort and free the child within: a deep, guided journey of healing for practitioners and graduates.",
    duration: "6 Days",
    certification: "Certificate in Inner Child Healing",
    price: usd(900),
    enrollment_features: [
      "Six days, 9:00 AM to 6:00 PM",
      "Limited to 20 participants",
      "50% discount for trainers and supervisors of the institute and of an affiliated body",
      "Discount valid for 1 year from the date of your first workshop",
    ],
    what_youll_learn: [
      { heading: "The inner child", description: "How early experiences live on in adult feelings, reactions and relationships." },
      { heading: "Guided healing", description: "Meeting, listening to and reassuring the younger self in a safe, guided process." },
      { heading: "Reparenting", description: "Giving yourself the care, boundaries and encouragement that were missing." },
      { heading: "Bringing it to clients", description: "Using inner child work gently and safely within your own practice." },
    ],
    immediate_benefits: [
      "Relief from long-held emotional weight",
      "A clearer sense of your own needs and boundaries",
      "Practical inner child techniques for your clients",
    ],
    long_term_benefits: [
      "Healthier relationships with yourself and others",
      "Lasting emotional resilience",
      "Deeper, more compassionate client work",
    ],
    curriculum: [
      "Understanding the inner child",
      "Safety and grounding",
      "Guided regression to early years",
      "Dialogue with the younger self",
      "Releasing old hurts",
      "Reparenting practices",
      "Integration and self-care",
      "Inner child work with clients",
    ],
    prerequisites: ["Level V of the ICH program, or graduation from an affiliated body's equivalent training"],
    who_should_attend: [
      "ICH Level V graduates",
      "Graduates of an affiliated body's advanced training",
      "Trainers and supervisors who want to deepen their own healing",
    ],
    instructor: regressionTrainer,
    course_details: { language: "English", skill_level: "Advanced", students: 20, lectures: 24, quizzes: 0, assessments: 1, total_hours: 48 },
    session_details: {
      time: "9:00 AM to 6:00 PM each day",
      venue: "Announced with each session",
      registration: "Register online from this page, or email us with any questions",
      discount_note:
        "Trainers and supervisors of the institute and of an affiliated body receive 50% off. The discount is valid for 1 year from the date of your first workshop.",
    },
  },
};

export type FallbackLevelNumber = keyof typeof fallbackLevels;

/** The fallback content for a level, else level 1 (spec part 2 §4, 'Programme load'). */
export function fallbackLevel(level: number | string | null | undefined): CourseLevel {
  const n = Number(level);
  return n in fallbackLevels ? fallbackLevels[n as FallbackLevelNumber] : fallbackLevels[1];
}

/** DECODE levels 1 to 5 (spec part 2 §1, §9). */
export const staticDecodeLevels: Record<1 | 2 | 3 | 4 | 5, DecodeLevel> = {
  1: {
    level: 1,
    title: "Decode Your Mind",
    subtitle: "Understand how your subconscious mind shapes every thought, feeling and habit, and learn to work with it.",
    duration: "1 Day",
    certification: "Certificate of Completion",
    price: usd(300),
    description:
      "A one-day introduction to the two minds that run your life. You will see how beliefs form, why willpower alone rarely changes a habit, and how a few minutes of self-hypnosis a day brings calm, focus and better sleep.",
    what_youll_learn: [
      { heading: "The two minds", description: "How the conscious and subconscious mind divide the work of everyday life." },
      { heading: "Beliefs on autopilot", description: "Spotting the beliefs that quietly decide what you feel and do." },
      { heading: "Self-hypnosis", description: "A simple, safe method for relaxation, focus and rest." },
    ],
    immediate_benefits: ["A calmer mind by the end of the day", "A self-hypnosis routine you can use tonight", "A clearer view of your own patterns"],
    long_term_benefits: ["Habits that change with less struggle", "Better sleep and concentration", "A foundation for the rest of the DECODE series"],
    enrollment_features: ["One full day, in person", "Workbook and guided audio", "Certificate of completion"],
    curriculum: ["How the mind is organized", "Where beliefs come from", "Habits and the subconscious", "Your first self-hypnosis", "Breathing for calm", "A daily practice plan"],
    who_should_attend: ["Anyone who wants to understand their own mind", "People facing stress, poor sleep or stubborn habits", "Newcomers to hypnosis"],
    prerequisites: ["None: open to everyone aged 18 or over"],
  },
  2: {
    level: 2,
    title: "Decode Your Behavior",
    subtitle: "Trace patterns of behavior to their roots and replace the ones that no longer serve you.",
    duration: "2 Days",
    certification: "Certificate of Completion",
    price: usd(600),
    description:
      "Two days of looking at behavior with curiosity instead of judgment. You will map your triggers, find where a pattern began and rehearse new responses in trance until they become the natural choice.",
    what_youll_learn: [
      { heading: "Triggers and rewards", description: "How a behavior is set off and what keeps it going." },
      { heading: "Finding the origin", description: "Gentle regression to the moment a pattern first made sense." },
      { heading: "New responses", description: "Reframing, anchoring and rehearsal that make change stick." },
    ],
    immediate_benefits: ["A map of your own triggers", "Techniques to interrupt an unwanted reaction", "Practice with feedback in pairs"],
    long_term_benefits: ["Fewer automatic reactions you regret", "More choice in how you respond", "Patterns that stay changed"],
    enrollment_features: ["Two days, in person", "Practice in pairs with feedback", "10% discount on Level 3 for Level 2 graduates"],
    curriculum: ["Observing without judgment", "Mapping triggers", "Regression to the origin", "Reframing the meaning", "Anchoring a new response", "Rehearsal in trance"],
    who_should_attend: ["Decode Your Mind graduates", "Anyone who wants to change a recurring behavior", "Parents, managers and team leaders"],
    prerequisites: ["Decode Your Mind (Level 1)"],
  },
  3: {
    level: 3,
    title: "Decode Your Relationships",
    subtitle: "See how early bonds shape the way you love, argue and connect, and build healthier relationships.",
    duration: "2 Days",
    certification: "Certificate of Completion",
    price: usd(600),
    description:
      "Two days on the relationships that matter most. You will recognize the attachment patterns you learned early, set boundaries that are both kind and clear, and practice repairing after conflict.",
    what_youll_learn: [
      { heading: "Attachment patterns", description: "How the first relationships in life become templates for the later ones." },
      { heading: "Boundaries", description: "Saying what you need clearly, without blame or guilt." },
      { heading: "Repair", description: "Communication that calms conflict and rebuilds trust." },
    ],
    immediate_benefits: ["Insight into your relationship patterns", "Words for difficult conversations", "A guided inner child process"],
    long_term_benefits: ["Closer, calmer relationships", "Less repeated conflict", "Healthier boundaries at home and at work"],
    enrollment_features: ["Two days, in person", "Guided inner child process", "Follow-up practice group"],
    curriculum: ["Attachment and family patterns", "Recognizing your style", "Inner child work", "Boundaries that hold", "Communication under stress", "Repair after conflict"],
    who_should_attend: ["Decode Your Behavior graduates", "Couples and individuals", "Anyone who wants healthier connections"],
    prerequisites: ["Decode Your Behavior (Level 2)"],
  },
  4: {
    level: 4,
    title: "Decode Your Blueprint",
    subtitle: "Rewrite the deep blueprint of identity, purpose and self-worth that sits beneath everything else.",
    duration: "2 Days",
    certification: "Certificate of Completion",
    price: usd(600),
    description:
      "The last two days of the core series go to the blueprint beneath it all: what you believe about who you are and what you deserve. You will revisit defining moments, clarify your values and install a blueprint that fits the life you choose.",
    what_youll_learn: [
      { heading: "Your inner blueprint", description: "The beliefs about yourself that set the limits of what you attempt." },
      { heading: "Defining moments", description: "Timeline and regression work on the experiences that shaped you." },
      { heading: "Purpose and values", description: "Clarity on what matters to you, and a plan that honors it." },
    ],
    immediate_benefits: ["Your core beliefs, named and understood", "A personal blueprint workbook", "A clear statement of your values"],
    long_term_benefits: ["Stronger self-worth", "Decisions that match your purpose", "A 10% discount on premium programs"],
    enrollment_features: ["Two days, in person", "Personal blueprint workbook", "10% discount on premium programs for Level 4 graduates"],
    curriculum: ["Core beliefs about self-worth", "The timeline of your life", "Regression to defining moments", "Values clarification", "Future pacing", "Living your new blueprint"],
    who_should_attend: ["Decode Your Relationships graduates", "Anyone ready for deep personal change", "Leaders rethinking their direction"],
    prerequisites: ["Decode Your Relationships (Level 3)"],
  },
  5: {
    level: 5,
    title: "Decode The Child",
    subtitle: "A masterclass for parents, teachers and caregivers on how children think, feel and learn.",
    subtitle1: "Masterclass for parents, teachers and caregivers",
    duration: "4 Hours",
    certification: "Certificate of Attendance",
    price: usd(35),
    price_note: "per person",
    description:
      "A half-day masterclass from 9 AM to 1 PM for the adults in a child's life. You will learn what is happening in a child's mind at each age and leave with simple words and routines that help children feel safe, capable and heard.",
    what_youll_learn: [
      { heading: "The developing mind", description: "How a child's subconscious mind grows, and why it matters for how we speak to them." },
      { heading: "Words that build", description: "Language that grows confidence and calm instead of fear." },
      { heading: "Everyday challenges", description: "Handling fears, tantrums and exam stress with understanding." },
    ],
    immediate_benefits: ["Phrases you can use at home or in class tomorrow", "Calmer responses to difficult moments", "A take-home guide"],
    long_term_benefits: ["Children who feel heard and capable", "Stronger bonds between children and the adults around them", "Fewer power struggles"],
    enrollment_features: ["Half day, 9 AM to 1 PM", "$35 per person", "Take-home guide for families and classrooms"],
    curriculum: ["Stages of a child's mind", "How children absorb beliefs", "Words that build confidence", "Fears and tantrums", "Exam and performance stress", "Routines that calm"],
    who_should_attend: ["Parents and grandparents", "Teachers and school counselors", "Caregivers and childcare staff"],
    prerequisites: ["None: open to every adult who cares for children"],
  },
};

export type DecodeLevelNumber = keyof typeof staticDecodeLevels;
