import type { CourseDetails, LearningPoint, LevelInstructor, SessionDetails } from "~/content/fallback-levels";

/**
 * The parts of a programme page that are not its card (sections 3 to 7 of spec
 * part 2 §2.2), stored as JSON in `programmes.details`. A programme without
 * them shows the built-in content of its level (content/fallback-levels.ts).
 */
export type ProgrammeDetails = {
  whatYoullLearn?: LearningPoint[];
  immediateBenefits: string[];
  longTermBenefits: string[];
  /** An even number of topics: the first half fills the left column. */
  curriculum: string[];
  whoShouldAttend: string[];
  prerequisites: string[];
  sessionDetails?: SessionDetails;
  courseDetails?: CourseDetails;
  instructor?: LevelInstructor;
};
