import { quizFeedback } from '@rent-due/games/quiz/tiers'
import { useEffect, useRef } from 'react'

type QuizResultsProps = {
  score: number
  total: number
  onPlayAgain(): void
}

/** The saved score, its feedback tier, and for a perfect 10 the giveaway with confetti. */
export function QuizResults({ score, total, onPlayAgain }: QuizResultsProps) {
  const feedback = quizFeedback(score, total)
  const headingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  useEffect(() => {
    if (!feedback.giveaway) return
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return
    let stop: (() => void) | undefined
    let cancelled = false
    void import('@rent-due/games/browser/confetti').then(({ fireConfetti }) => {
      if (!cancelled) stop = fireConfetti({ particleCount: 100, spread: 70, origin: { y: 0.6 } })
    })
    return () => {
      cancelled = true
      stop?.()
    }
  }, [feedback.giveaway])

  return (
    <section
      className={`quiz-card quiz-results quiz-results--${feedback.tier}`}
      aria-labelledby="quiz-results-title"
    >
      <div className="notice__tape" aria-hidden="true" />
      <p className="quiz-results__score">
        Your score: <strong>{score}</strong> / {total}
      </p>
      <h2 className="quiz-card__title" id="quiz-results-title" tabIndex={-1} ref={headingRef}>
        {feedback.title}
      </h2>
      {feedback.giveaway && (
        <p className="stamp stamp--red quiz-results__stamp" aria-hidden="true">
          Paid in full
        </p>
      )}
      <p className={feedback.giveaway ? 'quiz-results__giveaway' : 'quiz-card__text'}>
        {feedback.message}
      </p>
      <p className="quiz-results__saved">Your score has been saved.</p>
      <button type="button" className="btn btn--primary btn--large" onClick={onPlayAgain}>
        Play Again
      </button>
    </section>
  )
}
