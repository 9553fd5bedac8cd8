import { ASSESSMENT_QUESTIONS } from "../seed/assessment-questions";

// The seed's content facts the content tests rely on, handed on here: module folders never import the seed.

/** The right choice (its index) of each question of a demo assessment, in the assessment's order. */
export function assessmentAnswers(title: string): number[] {
  const bank = ASSESSMENT_QUESTIONS[title];
  if (!bank) throw new Error(`No demo assessment named ${title}`);
  return bank.map((q) => q.answer);
}
