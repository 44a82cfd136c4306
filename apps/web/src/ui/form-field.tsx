// A labelled form control with its inline error. The control is rendered by the caller (input,
// textarea or select, registered with react-hook-form) from the aria props given here, so the
// error is announced through aria-describedby and the field is marked invalid and required.
import { useId, type ReactNode } from 'react'
import './form-field.css'

export type FieldControlProps = {
  id: string
  'aria-describedby'?: string
  'aria-invalid': boolean
  'aria-required'?: boolean
}

type FormFieldProps = {
  label: string
  required?: boolean
  error?: string
  hint?: string
  children: (control: FieldControlProps) => ReactNode
}

export function FormField({ label, required = false, error, hint, children }: FormFieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ')
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label htmlFor={id} className="form-field__label">
        {label}
        {required ? (
          <span className="form-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="form-field__optional"> (optional)</span>
        )}
      </label>
      {hint && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': Boolean(error),
        ...(required ? { 'aria-required': true } : {}),
      })}
      {error && (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  )
}
