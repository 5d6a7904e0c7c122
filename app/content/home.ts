/**
 * Home page content (spec part 1 §2.4, §3.1): demo data, replaceable by the
 * organisation. Counts are the spec's: three audience cards, three training
 * cards, one testimonial.
 */
import type { Testimonial } from "~/components/media/testimonial-carousel";
import { trainingImages, videos, type ResponsiveImage, type VideoAsset } from "./media";

export type AudienceCard = { title: string; blurb: string; video: VideoAsset };
export type TrainingCard = { name: string; blurb: string; image: ResponsiveImage; link: string };

export const audienceCards: AudienceCard[] = [
  {
    title: "Executives",
    blurb: "Lead with clarity under pressure: calmer decisions, better sleep and focus that lasts.",
    video: videos.audienceExecutives,
  },
  {
    title: "Parents & Teachers",
    blurb: "Understand how children think and feel, and guide them with confidence and calm.",
    video: videos.audienceParentsTeachers,
  },
  {
    title: "Healthcare Practitioners",
    blurb: "Add clinical hypnotherapy and regression skills to the care you already give.",
    video: videos.audienceHealthcare,
  },
];

export const trainingCards: TrainingCard[] = [
  {
    name: "DECODE",
    blurb: "Five levels to transform your mind, behavior, relationships and blueprint, and a masterclass for those who raise children.",
    image: trainingImages.decode,
    link: "/decode",
  },
  {
    name: "Integrated Clinical Hypnotherapy",
    blurb: "A professional certification path in clinical hypnotherapy and regression therapy for practitioners.",
    image: trainingImages.ich,
    link: "/ich",
  },
  {
    name: "TASSO",
    blurb: "Six practical modules with guided practice, resources and a certified faculty to learn from.",
    image: trainingImages.tasso,
    link: "/tasso",
  },
];

export const testimonials: Testimonial[] = [
  {
    id: "t1",
    name: "Rachel M.",
    role: "DECODE Level 2 graduate, Austin",
    quote: "I came for better sleep and left understanding myself for the first time.",
    video: videos.testimonial1.src,
    captions: videos.testimonial1.captions,
    thumbnail: videos.testimonial1.poster,
  },
];
