import { useId, useState, type FormEvent } from 'react'
import { formIntentField, usePostFormProps } from '../../ui/use-router-form'

/** The two fields, as the quiz_entries table takes them. */
const FIELDS = [
  { name: 'name', label: 'Name', type: 'text', maxLength: 100 },
  { name: 'email', label: 'Email', type: 'email', maxLength: 254 },
] as const

type QuizStartFormProps = {
  busy: boolean
  onStart(name: string, email: string): void
}

/**
 * Name and email, both required (docs/product/forms.md#quiz-start: Start does nothing unless both
 * are filled). The live page starts the quiz itself; a post to the page (the form's own method)
 * never carries the e-mail in a URL, and the server's action answers it without reading it
 * (app/form-action.ts).
 */
export function QuizStartForm({ busy, onStart }: QuizStartFormProps) {
  const [values, setValues] = useState({ name: '', email: '' })
  const id = useId()
  const postProps = usePostFormProps()

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const n = values.name.trim()
    const e = values.email.trim()
    if (!n || !e || busy) return
    onStart(n, e)
  }

  return (
    <form
      {...postProps}
      className="quiz-card quiz-form"
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
    >
      <input {...formIntentField('quiz-start')} />
      <div className="notice__tape" aria-hidden="true" />
      <h2 className="quiz-card__title" id={`${id}-title`}>
        Think you know the building?
      </h2>
      <p className="quiz-card__text">
        Ten questions from the show. Your score is saved with your name and email; a perfect ten
        enters this month&apos;s merch giveaway.
      </p>
      {FIELDS.map((field) => (
        <div key={field.name} className="quiz-form__field">
          <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
          <input
            id={`${id}-${field.name}`}
            name={field.name}
            type={field.type}
            autoComplete={field.name}
            required
            maxLength={field.maxLength}
            value={values[field.name]}
            onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
          />
        </div>
      ))}
      <button type="submit" className="btn btn--primary btn--large" disabled={busy}>
        {busy ? 'Starting...' : 'Start Quiz'}
      </button>
    </form>
  )
}
