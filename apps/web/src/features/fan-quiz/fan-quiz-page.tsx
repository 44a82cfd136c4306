// Fan Quiz: a start form, ten questions graded one at a time by the database (answer_quiz), then
// the results. The page only learns an answer after the fan gives theirs; the score shown is the
// one the database returns, which is also the score it saved in quiz_entries.
import { useEffect, useRef, useState } from 'react'
import { toast } from '../../ui/toast'
import { SubPage } from '../../ui/sub-page'
import { answerQuiz } from './api/answer-quiz'
import { startQuiz, type QuizRun } from './api/start-quiz'
import { QuizQuestionCard, type Reveal } from './quiz-question-card'
import { QuizResults } from './quiz-results'
import { QuizStartForm } from './quiz-start-form'
import './fan-quiz.css'

export const QUIZ_SAVE_ERROR = 'Failed to save quiz results. Please try again.'
/** How long the options stay locked after an answer (docs/product/games.md#fan-quiz). */
export const QUIZ_LOCK_MS = 1500

type Phase =
  | { kind: 'form' }
  | { kind: 'quiz'; run: QuizRun; index: number; score: number }
  | { kind: 'results'; score: number; total: number }

export function FanQuizPage() {
  const [phase, setPhase] = useState<Phase>({ kind: 'form' })
  const [starting, setStarting] = useState(false)
  const [picked, setPicked] = useState<number | null>(null)
  const [reveal, setReveal] = useState<Reveal | null>(null)
  const timer = useRef<number | undefined>(undefined)
  const alive = useRef(true)

  useEffect(() => {
    alive.current = true
    return () => {
      alive.current = false
      window.clearTimeout(timer.current)
    }
  }, [])

  const start = async (name: string, email: string) => {
    setStarting(true)
    try {
      const run = await startQuiz(name, email)
      if (!alive.current) return
      setPhase({ kind: 'quiz', run, index: 0, score: 0 })
    } catch (error) {
      console.error(error)
      toast.error(QUIZ_SAVE_ERROR)
    } finally {
      if (alive.current) setStarting(false)
    }
  }

  const answer = async (choice: number) => {
    if (phase.kind !== 'quiz' || picked !== null) return
    const { run, index } = phase
    const question = run.questions[index]
    if (!question) return
    setPicked(choice)
    try {
      const result = await answerQuiz(run.runId, question.id, choice)
      if (!alive.current) return
      setReveal({ correctIndex: result.correctIndex, correct: result.correct })
      setPhase({ ...phase, score: result.score })
      timer.current = window.setTimeout(() => {
        setPicked(null)
        setReveal(null)
        setPhase(
          result.finished || index + 1 >= run.questions.length
            ? { kind: 'results', score: result.score, total: run.questions.length }
            : { kind: 'quiz', run, index: index + 1, score: result.score },
        )
      }, QUIZ_LOCK_MS)
    } catch (error) {
      console.error(error)
      if (!alive.current) return
      toast.error(QUIZ_SAVE_ERROR)
      // Let the fan try that question again.
      setPicked(null)
    }
  }

  const playAgain = () => {
    window.clearTimeout(timer.current)
    setPicked(null)
    setReveal(null)
    setPhase({ kind: 'form' })
  }

  const question = phase.kind === 'quiz' ? phase.run.questions[phase.index] : undefined
  return (
    <SubPage
      heading="Fan Quiz"
      intro="Ten questions. Score a perfect ten to enter the monthly merch giveaway."
    >
      {phase.kind === 'form' && <QuizStartForm busy={starting} onStart={start} />}
      {phase.kind === 'quiz' && question && (
        <QuizQuestionCard
          key={phase.index}
          number={phase.index + 1}
          total={phase.run.questions.length}
          score={phase.score}
          question={question}
          picked={picked}
          reveal={reveal}
          onAnswer={answer}
        />
      )}
      {phase.kind === 'results' && (
        <QuizResults score={phase.score} total={phase.total} onPlayAgain={playAgain} />
      )}
    </SubPage>
  )
}
