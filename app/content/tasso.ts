/**
 * The TASSO page's static content (spec part 2 §2.7, §3; D4, D12, D14).
 *
 * DEMO CONTENT written for this site. Six modules: 2 hours, then 3 hours each
 * (§9). The videos and thumbnails are the synthetic demo media of
 * content/media.ts until the organization records the real ones. Resource links
 * point at example.org. TASSO's sessions live in the database like every other
 * programme's (D4): this file holds no session date (D12). The enrolment card's
 * text is in content/tasso-enrolment.ts.
 */
import { videos, type ResponsiveImage } from "./media";

export type TassoResource = { name: string; url: string };

export type TassoModule = {
  id: number;
  title: string;
  description: string;
  duration: string;
  video: { src: string; captions?: string; durationSeconds: number };
  thumbnail: ResponsiveImage;
  learningPoints: string[];
  resources: TassoResource[];
};

const clip = (v: (typeof videos)[keyof typeof videos]) => ({
  video: { src: v.src, captions: v.captions, durationSeconds: v.durationSeconds },
  thumbnail: v.poster,
});

export const tassoModules: TassoModule[] = [
  {
    id: 1,
    title: "Foundations of Mind-Body Awareness",
    description:
      "Start with the body. Learn how tension, breath and posture reflect the state of the mind, and how noticing them is the first step toward change.",
    duration: "2 hours",
    ...clip(videos.programme),
    learningPoints: [
      "How stress shows up in the body",
      "A body scan you can use anywhere",
      "Breathing patterns that calm the nervous system",
    ],
    resources: [
      { name: "Body scan practice guide (PDF)", url: "https://example.org/tasso/body-scan-guide.pdf" },
      { name: "Breathing exercises audio", url: "https://example.org/tasso/breathing-audio" },
    ],
  },
  {
    id: 2,
    title: "Settling Into a Receptive State",
    description:
      "Guide yourself and others from alertness into a relaxed, receptive state, and learn to recognize the signs that someone has arrived there.",
    duration: "3 hours",
    ...clip(videos.intro),
    learningPoints: [
      "Progressive relaxation, step by step",
      "Signs of a relaxed, receptive state",
      "Bringing someone back gently and fully alert",
    ],
    resources: [
      { name: "Relaxation script collection", url: "https://example.org/tasso/relaxation-scripts" },
      { name: "Observation checklist (PDF)", url: "https://example.org/tasso/observation-checklist.pdf" },
    ],
  },
  {
    id: 3,
    title: "Attention and Inner Dialogue",
    description:
      "Explore how attention and self-talk shape mood. Practice redirecting attention and rewriting the inner voice so it supports instead of criticizes.",
    duration: "3 hours",
    ...clip(videos.decodeOverlay),
    learningPoints: [
      "Noticing where attention goes",
      "Reframing critical self-talk",
      "Short focus drills for busy days",
    ],
    resources: [
      { name: "Self-talk journal template", url: "https://example.org/tasso/self-talk-journal" },
      { name: "Attention training worksheet (PDF)", url: "https://example.org/tasso/attention-worksheet.pdf" },
    ],
  },
  {
    id: 4,
    title: "Emotions in Motion",
    description:
      "Understand emotions as signals that move through the body. Learn to stay with a feeling safely until it settles, and help clients do the same.",
    duration: "3 hours",
    ...clip(videos.audienceHealthcare),
    learningPoints: [
      "Naming and locating emotions in the body",
      "Staying with a feeling until it settles",
      "Grounding when emotions run high",
    ],
    resources: [
      { name: "Emotion map (PDF)", url: "https://example.org/tasso/emotion-map.pdf" },
      { name: "Grounding techniques video", url: "https://example.org/tasso/grounding-video" },
    ],
  },
  {
    id: 5,
    title: "Working With Others",
    description:
      "Bring the practices into sessions with clients, students or colleagues: building rapport, giving clear instructions and adapting to each person.",
    duration: "3 hours",
    ...clip(videos.audienceParentsTeachers),
    learningPoints: [
      "Building rapport quickly and honestly",
      "Giving instructions that are easy to follow",
      "Adapting the practices to each person",
    ],
    resources: [
      { name: "Session planning template", url: "https://example.org/tasso/session-plan" },
      { name: "Rapport skills handout (PDF)", url: "https://example.org/tasso/rapport-handout.pdf" },
    ],
  },
  {
    id: 6,
    title: "Integration and Daily Practice",
    description:
      "Bring everything together into a personal routine and a plan for using the practices with others, with support for keeping them going.",
    duration: "3 hours",
    ...clip(videos.testimonial1),
    learningPoints: [
      "Designing a daily practice that lasts",
      "Tracking progress over weeks and months",
      "Next steps in the institute's programs",
    ],
    resources: [
      { name: "30-day practice planner (PDF)", url: "https://example.org/tasso/practice-planner.pdf" },
      { name: "Further reading list", url: "https://example.org/tasso/reading-list" },
    ],
  },
];
