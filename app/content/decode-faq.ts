/** DECODE landing FAQs: demo content, replaceable by the organisation. */
export const decodeFaqs: Array<{ question: string; answer: string }> = [
  {
    question: "Do I need any experience with hypnosis or therapy?",
    answer:
      "No. Level 1 starts from the beginning and every level builds on the one before. Levels 2 to 5 ask only that you have completed the previous level, or an equivalent course we recognize.",
  },
  {
    question: "Is hypnosis safe? Will I lose control?",
    answer:
      "Hypnosis is a natural, focused state you already enter many times a day, for example when absorbed in a book. You stay aware and in charge throughout and can open your eyes at any moment. Our facilitators are certified and follow a professional code of ethics.",
  },
  {
    question: "Is DECODE therapy?",
    answer:
      "DECODE is education in how the mind works, with practical tools for yourself and the people around you. It is not a substitute for medical or psychiatric care. Registrants confirm they are over 18 and not under psychiatric treatment.",
  },
  {
    question: "How long is each level, and where does it take place?",
    answer:
      "Level 1 is one day, Levels 2 to 4 are two days each, and Level 5, the masterclass for parents, teachers and caregivers, is a half day from 9 AM to 1 PM. Sessions are in person in cities across the USA; the Event Calendar lists the next dates and venues.",
  },
  {
    question: "Do I get a certificate?",
    answer:
      "Yes. Each level ends with a certificate in the name you give on your registration form, so please check the 'name as on certificate' field when you enroll.",
  },
  {
    question: "Are there discounts?",
    answer:
      "Level 2 graduates receive 10% off Level 3, and Level 4 graduates receive 10% off our premium programs. Write to us if you would like to attend with a group.",
  },
];
