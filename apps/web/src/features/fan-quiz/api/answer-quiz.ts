// rpc answer_quiz (docs/database.md): grades one answer in the database and only then reveals
// the correct option. The tenth answer makes the database write the quiz_entries row itself.
import { getSupabase } from '../../../lib/supabase'

export interface QuizAnswer {
  correctIndex: number
  correct: boolean
  answered: number
  score: number
  finished: boolean
}

export async function answerQuiz(
  runId: string,
  questionId: number,
  choice: number,
): Promise<QuizAnswer> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('answer_quiz', {
    p_run_id: runId,
    p_question_id: questionId,
    p_choice: choice,
  })
  if (error) throw error
  const r = data as Record<string, unknown> | null
  if (
    typeof r?.correct_index !== 'number' ||
    typeof r.correct !== 'boolean' ||
    typeof r.answered !== 'number' ||
    typeof r.score !== 'number' ||
    typeof r.finished !== 'boolean'
  ) {
    throw new Error('answer_quiz: unexpected response')
  }
  return {
    correctIndex: r.correct_index,
    correct: r.correct,
    answered: r.answered,
    score: r.score,
    finished: r.finished,
  }
}
