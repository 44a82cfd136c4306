// The reason a console dialog asks for before a giveaway write (an exclusion, a draw's note): a
// short textarea whose error clears as soon as the team member types again.
import { FormField } from '../../../ui/form-field'

type ReasonFieldProps = {
  label: string
  required?: boolean
  hint?: string
  error: string | undefined
  value: string
  onChange: (value: string) => void
  /** Clears the error shown for the last try. */
  onClearError: () => void
}

export function ReasonField({
  label,
  required = false,
  hint,
  error,
  value,
  onChange,
  onClearError,
}: ReasonFieldProps) {
  return (
    <FormField label={label} required={required} hint={hint} error={error}>
      {(aria) => (
        <textarea
          {...aria}
          rows={2}
          maxLength={500}
          value={value}
          onChange={(e) => {
            onChange(e.target.value)
            onClearError()
          }}
        />
      )}
    </FormField>
  )
}
