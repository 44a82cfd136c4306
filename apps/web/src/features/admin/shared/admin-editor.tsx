// What the console's add/edit forms share (news, events, episodes): a react-hook-form form
// checked by the row's schema, refilled when another row is picked for editing (focus goes to
// the editor's heading), emptied after a new row is saved; its text fields with their length
// hint; and its Save / Cancel editing buttons.
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef, type FormEvent } from 'react'
import {
  useForm,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form'
import { FormField } from '../../../ui/form-field'

type AdminEditorOptions<Row, Values extends FieldValues> = {
  /** The row's schema (the table's CHECKs). */
  schema: Parameters<typeof zodResolver>[0]
  /** The row being edited, or null for a new one. */
  editing: Row | null
  /** The form's values for a row, or for a new one; keep it stable (a module function or a
   * useCallback), the form is refilled when it changes. */
  valuesOf: (row: Row | null) => Values
  /** Saves through the view's action; resolves true when saved. */
  onSave: (values: Values) => Promise<boolean>
  /** The form's values after a new row was saved; valuesOf(null) unless said. */
  afterAdd?: () => Values
}

export function useAdminEditor<Row, Values extends FieldValues>({
  schema,
  editing,
  valuesOf,
  onSave,
  afterAdd,
}: AdminEditorOptions<Row, Values>) {
  const heading = useRef<HTMLHeadingElement>(null)
  const form = useForm<Values>({
    resolver: zodResolver(schema) as Resolver<Values>,
    defaultValues: valuesOf(editing) as never,
  })
  const { reset, handleSubmit } = form

  // Editing another row (or going back to a new one) refills the form and brings focus to it.
  useEffect(() => {
    reset(valuesOf(editing))
    if (editing) heading.current?.focus()
  }, [editing, reset, valuesOf])

  const submit = (event: FormEvent<HTMLFormElement>) =>
    void handleSubmit(async (values: Values) => {
      if ((await onSave(values)) && !editing) reset(afterAdd ? afterAdd() : valuesOf(null))
    })(event)

  const { register, control, setValue, formState } = form
  return {
    form,
    register,
    control,
    setValue,
    errors: formState.errors,
    busy: formState.isSubmitting,
    heading,
    submit,
  }
}

type LimitedTextFieldProps<Values extends FieldValues> = {
  form: UseFormReturn<Values>
  name: Path<Values>
  label: string
  /** The most characters the table takes, said in the hint. */
  max: number
  /** A textarea of this many rows; an input when absent. */
  rows?: number
}

/** A required text field of the form, with its "Up to N characters." hint and its error. */
export function LimitedTextField<Values extends FieldValues>({
  form,
  name,
  label,
  max,
  rows,
}: LimitedTextFieldProps<Values>) {
  const registration = form.register(name)
  const error = form.getFieldState(name, form.formState).error?.message
  return (
    <FormField label={label} required hint={`Up to ${max} characters.`} error={error}>
      {(aria) =>
        rows ? (
          <textarea {...aria} {...registration} rows={rows} />
        ) : (
          <input {...aria} {...registration} autoComplete="off" />
        )
      }
    </FormField>
  )
}

type EditorActionsProps = {
  editing: boolean
  busy: boolean
  /** The submit button's text for a new row ("Publish", "Add event"). */
  addLabel: string
  onCancelEdit: () => void
}

export function EditorActions({ editing, busy, addLabel, onCancelEdit }: EditorActionsProps) {
  return (
    <div className="admin-actions">
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? 'Saving...' : editing ? 'Save changes' : addLabel}
      </button>
      {editing && (
        <button type="button" className="btn btn--secondary" onClick={onCancelEdit}>
          Cancel editing
        </button>
      )}
    </div>
  )
}
