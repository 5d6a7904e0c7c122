/**
 * Demo DECODE programmes (spec part 2 §1 and §9): five levels with their titles,
 * durations and prices. Seeded once with fixed ids; administrators replace them.
 */
export type SeedProgramme = {
  id: string;
  level: number;
  title: string;
  subtitle: string;
  subtitle1?: string;
  duration: string;
  priceCents: number;
  buttonText: string;
  certification: string;
  cardPoints: string[];
  enrollmentFeatures: string[];
  learningSections: Array<{ _id: string; title: string; content: string }>;
};

const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`;

export const decodeProgrammes: SeedProgramme[] = [
  {
    id: "decode-1",
    level: 1,
    title: "DECODE Level 1: Decode Your Mind",
    subtitle: "Understand how your subconscious mind shapes every thought, feeling and habit, and learn to work with it.",
    duration: "1 Day",
    priceCents: 30000,
    buttonText: "Register Now",
    certification: "Certificate of Completion",
    cardPoints: [
      list([
        "How the conscious and subconscious mind work together",
        "Recognize the beliefs that run on autopilot",
        "Self-hypnosis for calm, focus and sleep",
        "A daily practice you can keep",
      ]),
    ],
    enrollmentFeatures: ["One full day, in person", "Workbook and guided audio", "Certificate of completion"],
    learningSections: [
      { _id: "d1-s1", title: "The two minds", content: "<p>How the conscious and subconscious mind divide the work, and why willpower alone rarely changes a habit.</p>" },
      { _id: "d1-s2", title: "Self-hypnosis", content: "<p>A simple, safe induction you can use on your own for relaxation, focus and better sleep.</p>" },
    ],
  },
  {
    id: "decode-2",
    level: 2,
    title: "DECODE Level 2: Decode Your Behavior",
    subtitle: "Trace patterns of behavior to their roots and replace the ones that no longer serve you.",
    duration: "2 Days",
    priceCents: 60000,
    buttonText: "Enroll Now",
    certification: "Certificate of Completion",
    cardPoints: [
      list([
        "Map triggers, responses and rewards",
        "Regression techniques to find where a pattern began",
        "Reframing and anchoring new responses",
        "10% off Level 3 for Level 2 graduates",
      ]),
    ],
    enrollmentFeatures: ["Two days, in person", "Practice in pairs with feedback", "10% discount on Level 3 for graduates"],
    learningSections: [
      { _id: "d2-s1", title: "Patterns and triggers", content: "<p>Observe your behavior with curiosity instead of judgment, and map what sets it off.</p>" },
      { _id: "d2-s2", title: "Changing the response", content: "<p>Reframing, anchoring and rehearsal in trance so the new response becomes the easy one.</p>" },
    ],
  },
  {
    id: "decode-3",
    level: 3,
    title: "DECODE Level 3: Decode Your Relationships",
    subtitle: "See how early bonds shape the way you love, argue and connect, and build healthier relationships.",
    duration: "2 Days",
    priceCents: 60000,
    buttonText: "Enroll Now",
    certification: "Certificate of Completion",
    cardPoints: [
      list([
        "Attachment patterns and where they come from",
        "Boundaries that are kind and clear",
        "Healing old hurts with inner-child work",
        "Communication that de-escalates conflict",
      ]),
    ],
    enrollmentFeatures: ["Two days, in person", "Guided inner-child process", "Follow-up practice group"],
    learningSections: [
      { _id: "d3-s1", title: "Attachment and family patterns", content: "<p>How the first relationships in our lives become templates for the later ones.</p>" },
      { _id: "d3-s2", title: "Repair and boundaries", content: "<p>Practical ways to set boundaries and repair after conflict.</p>" },
    ],
  },
  {
    id: "decode-4",
    level: 4,
    title: "DECODE Level 4: Decode Your Blueprint",
    subtitle: "Rewrite the deep blueprint of identity, purpose and self-worth that sits beneath everything else.",
    duration: "2 Days",
    priceCents: 60000,
    buttonText: "Enroll Now",
    certification: "Certificate of Completion",
    cardPoints: [
      list([
        "Identify your core beliefs about self-worth",
        "Timeline and regression work on defining moments",
        "Purpose and values clarification",
        "10% off premium programs for Level 4 graduates",
      ]),
    ],
    enrollmentFeatures: ["Two days, in person", "Personal blueprint workbook", "10% discount on premium programs for graduates"],
    learningSections: [
      { _id: "d4-s1", title: "Your inner blueprint", content: "<p>The beliefs about who you are that quietly set the limits of what you attempt.</p>" },
      { _id: "d4-s2", title: "Rewriting", content: "<p>Regression and future-pacing to install a blueprint that fits the life you choose.</p>" },
    ],
  },
  {
    id: "decode-5",
    level: 5,
    title: "DECODE Level 5: Decode The Child",
    subtitle: "A masterclass for parents, teachers and caregivers on how children think, feel and learn.",
    subtitle1: "Masterclass for parents, teachers and caregivers",
    duration: "4 Hours",
    priceCents: 3500,
    buttonText: "Register Now",
    certification: "Certificate of Attendance",
    cardPoints: [
      list([
        "How a child's subconscious mind develops",
        "Words that build confidence and calm",
        "Handling fears, tantrums and exam stress",
        "9 AM to 1 PM, $35 per person",
      ]),
    ],
    enrollmentFeatures: ["Half day, 9 AM to 1 PM", "$35 per person", "Take-home guide for families and classrooms"],
    learningSections: [
      { _id: "d5-s1", title: "The developing mind", content: "<p>What is happening in a child's mind at each age, and why it matters for how we speak to them.</p>" },
      { _id: "d5-s2", title: "Everyday tools", content: "<p>Simple language and routines that help children feel safe, capable and heard.</p>" },
    ],
  },
];
