// The results screen of the fan quiz: the five feedback tiers (docs/product/games.md#fan-quiz) with
// copy in the show's voice. A perfect 10 also enters the monthly merch giveaway.

export type QuizTier = 'perfect' | 'excellent' | 'good' | 'not-bad' | 'rewatch'

export interface QuizFeedback {
  tier: QuizTier
  /** Whole percent, rounded down. */
  percent: number
  title: string
  message: string
  /** True only for a perfect score: the page shows the giveaway notice. */
  giveaway: boolean
}

export const QUIZ_QUESTIONS_PER_RUN = 10

export const GIVEAWAY_MESSAGE =
  "Perfect 10! You're entered in this month's merch giveaway. Watch your inbox — unlike Bertha's, ours brings good news."

const COPY: Record<QuizTier, { title: string; message: string }> = {
  perfect: {
    title: 'PAID IN FULL!',
    message: GIVEAWAY_MESSAGE,
  },
  excellent: {
    title: 'Excellent!',
    message:
      "You know this building better than the mice do. Bertha's raising your rent out of spite.",
  },
  good: {
    title: 'Good!',
    message: "Not bad for someone who's clearly been watching from Rosie's couch without asking.",
  },
  'not-bad': {
    title: 'Not bad!',
    message: 'Tubbs scored lower, and he lives there. Keep at it.',
  },
  rewatch: {
    title: 'Rewatch time!',
    message: 'Your Rent Due knowledge is PAST DUE. Dez says binge it again — he will, rent-free.',
  },
}

export function quizFeedback(score: number, total: number = QUIZ_QUESTIONS_PER_RUN): QuizFeedback {
  if (
    !Number.isInteger(score) ||
    !Number.isInteger(total) ||
    total <= 0 ||
    score < 0 ||
    score > total
  ) {
    throw new RangeError(`quizFeedback(${score}, ${total}): need 0 ≤ score ≤ total, integers`)
  }
  // Compare in integers (score·100 against tier·total) so 4/10 is exactly 40%, not 39.999…
  const atLeast = (percent: number) => score * 100 >= percent * total
  const tier: QuizTier =
    score === total
      ? 'perfect'
      : atLeast(80)
        ? 'excellent'
        : atLeast(60)
          ? 'good'
          : atLeast(40)
            ? 'not-bad'
            : 'rewatch'
  return {
    tier,
    percent: Math.floor((score * 100) / total),
    ...COPY[tier],
    giveaway: tier === 'perfect',
  }
}
