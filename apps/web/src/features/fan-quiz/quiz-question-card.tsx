import { useEffect, useRef } from 'react'
import type { QuizQuestion } from './api/start-quiz'

export interface Reveal {
  correctIndex: number
  correct: boolean
}

type QuizQuestionCardProps = {
  number: number
  total: number
  score: number
  question: QuizQuestion
  /** The option the fan chose, while it is being graded and revealed. */
  picked: number | null
  reveal: Reveal | null
  onAnswer(choice: number): void
}

const LETTERS = ['A', 'B', 'C', 'D']

/**
 * One question. After a pick every option is locked; once the database has graded it the right
 * option turns green with ✓ and a wrong pick red with ✗, and the verdict is announced.
 */
export function QuizQuestionCard({
  number,
  total,
  score,
  question,
  picked,
  reveal,
  onAnswer,
}: QuizQuestionCardProps) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  // Each new question takes the focus, so keyboard and screen-reader users start at the top.
  useEffect(() => {
    if (number > 1) headingRef.current?.focus()
  }, [number])

  const verdict = reveal
    ? reveal.correct
      ? 'Correct!'
      : `Wrong. The answer is ${question.options[reveal.correctIndex] ?? ''}.`
    : picked !== null
      ? 'Checking...'
      : ''

  return (
    <section className="quiz-card quiz-question" aria-labelledby={`quiz-q-${question.id}`}>
      <div className="notice__tape" aria-hidden="true" />
      <div className="quiz-question__meta">
        <p className="quiz-question__progress">
          Question {number} of {total}
        </p>
        <p className="quiz-question__score">Score: {score}</p>
      </div>
      <div className="quiz-question__bar" aria-hidden="true">
        <span style={{ width: `${((number - 1) / total) * 100}%` }} />
      </div>
      <h2 className="quiz-card__title" id={`quiz-q-${question.id}`} tabIndex={-1} ref={headingRef}>
        {question.question}
      </h2>
      <ul className="quiz-options">
        {question.options.map((option, i) => {
          const isRight = reveal !== null && reveal.correctIndex === i
          const isWrongPick = reveal !== null && picked === i && !reveal.correct
          const state = isRight
            ? 'right'
            : isWrongPick
              ? 'wrong'
              : picked === i
                ? 'picked'
                : 'plain'
          return (
            <li key={i}>
              <button
                type="button"
                className={`quiz-option quiz-option--${state}`}
                disabled={picked !== null}
                onClick={() => onAnswer(i)}
              >
                <span className="quiz-option__letter" aria-hidden="true">
                  {LETTERS[i]}
                </span>
                <span className="quiz-option__text">{option}</span>
                {isRight && (
                  <span className="quiz-option__mark">
                    <span aria-hidden="true">✓</span> Correct answer
                  </span>
                )}
                {isWrongPick && (
                  <span className="quiz-option__mark">
                    <span aria-hidden="true">✗</span> Your answer
                  </span>
                )}
              </button>
            </li>
          )
        })}
      </ul>
      <p
        className={`quiz-question__verdict${reveal ? (reveal.correct ? ' is-right' : ' is-wrong') : ''}`}
        role="status"
        aria-live="polite"
      >
        {verdict}
      </p>
    </section>
  )
}
