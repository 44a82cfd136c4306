import { useId, useState, type FormEvent } from 'react'
import { formIntentField, usePostFormProps } from '../../ui/use-router-form'

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
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const id = useId()
  const postProps = usePostFormProps()

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const n = name.trim()
    const e = email.trim()
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
      <div className="quiz-form__field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="quiz-form__field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn--primary btn--large" disabled={busy}>
        {busy ? 'Starting...' : 'Start Quiz'}
      </button>
    </form>
  )
}
