// rpc start_quiz (docs/database.md): the database opens a run and draws 10 questions, without
// their answers; the page never holds an answer before the fan has given theirs.
import { getSupabase } from '../../../lib/supabase'

export interface QuizQuestion {
  id: number
  question: string
  options: string[]
}

export interface QuizRun {
  runId: string
  questions: QuizQuestion[]
}

export async function startQuiz(name: string, email: string): Promise<QuizRun> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('start_quiz', { p_name: name, p_email: email })
  if (error) throw error
  return parseRun(data)
}

function parseRun(data: unknown): QuizRun {
  const run = data as { run_id?: unknown; questions?: unknown }
  if (typeof run?.run_id !== 'string' || !Array.isArray(run.questions)) {
    throw new Error('start_quiz: unexpected response')
  }
  const questions = run.questions.map(
    (q: { id?: unknown; question?: unknown; options?: unknown }) => {
      if (
        typeof q.id !== 'number' ||
        typeof q.question !== 'string' ||
        !Array.isArray(q.options) ||
        !q.options.every((o) => typeof o === 'string')
      ) {
        throw new Error('start_quiz: unexpected question')
      }
      return { id: q.id, question: q.question, options: q.options as string[] }
    },
  )
  return { runId: run.run_id, questions }
}
