// What the site's public sign-up forms share (Q&A sign-up, team application, contact, fan club,
// merch waitlist): a react-hook-form form refilled with what the page was served with after a
// refused post, sent through useRouterForm; the <form> with its intent field, its refusal notice,
// the honeypot and the submit button; and the Name and Email fields.
import type { FocusEventHandler, FormEvent, ReactNode, RefObject } from 'react'
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
} from 'react-hook-form'
import { FormField } from './form-field'
import { FormHoneypot } from './form-honeypot'
import { FormNotice } from './form-notice'
import { formIntentField, servedFields, useRouterForm } from './use-router-form'

type SiteFormOptions<V extends Record<string, string>> = Parameters<typeof useRouterForm>[0] & {
  resolver: Resolver<V>
  /** The form's fields, each refilled with what the page was served with. */
  fields: readonly (keyof V & string)[]
}

export function useSiteForm<V extends Record<string, string>>({
  resolver,
  fields,
  ...options
}: SiteFormOptions<V>) {
  const sent = useRouterForm<V>(options)
  const { servedValue, servedErrors } = sent
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<V>({
    resolver,
    defaultValues: Object.fromEntries(fields.map((name) => [name, servedValue(name)])) as
      DefaultValues<V> | undefined,
    errors: servedErrors,
  })
  // V's fields are its top-level string keys, which is what react-hook-form's paths are here.
  const field = servedFields(
    register,
    servedValue as (name: Path<V> & string) => string | undefined,
  ) as unknown as (name: keyof V & string) => FieldProps
  return {
    ...sent,
    name: options.form,
    /** A field's props: `<input {...field('email')} />`. */
    field,
    control,
    errors: errors as FieldErrors<Record<string, string>>,
    busy: isSubmitting,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void handleSubmit(sent.submit)(event),
  }
}

type FieldProps = UseFormRegisterReturn & { defaultValue: string | undefined }

type SiteFormProps = {
  /** What useSiteForm gave. */
  site: {
    name: string
    formProps: { method: 'post'; action: string }
    notice: string | undefined
    honeypot: RefObject<HTMLInputElement | null>
    busy: boolean
    onSubmit: (event: FormEvent<HTMLFormElement>) => void
  }
  /** The form's accessible name, or the id of what names it. */
  label?: string
  labelledBy?: string
  onFocus?: FocusEventHandler<HTMLFormElement>
  /** Above the refusal notice: an intro, the note on required fields. */
  intro: ReactNode
  /** The submit button's text, and its text while sending. */
  submit: string
  sending: string
  /** The Q&A and team forms' large button. */
  large?: boolean
  /** Besides while sending: what is missing, on a live form. */
  disabled?: boolean
  /** The fields. */
  children: ReactNode
}

export function SiteForm({
  site: form,
  label,
  labelledBy,
  onFocus,
  intro,
  submit,
  sending,
  large = false,
  disabled = false,
  children,
}: SiteFormProps) {
  return (
    <form
      {...form.formProps}
      className="form"
      noValidate
      aria-label={label}
      aria-labelledby={labelledBy}
      onFocus={onFocus}
      onSubmit={form.onSubmit}
    >
      <input {...formIntentField(form.name)} />
      {intro}
      <FormNotice text={form.notice} />
      {children}
      <FormHoneypot inputRef={form.honeypot} />
      <button
        type="submit"
        className={`btn btn--primary${large ? ' btn--large' : ''}`}
        disabled={form.busy || disabled}
      >
        {form.busy ? sending : submit}
      </button>
    </form>
  )
}

type ContactFieldProps<Name extends string> = {
  /** What useSiteForm gave, for a form with this field. */
  site: { field(name: Name): FieldProps; errors: FieldErrors<Record<string, string>> }
  placeholder?: string
}

/** The required Name field. */
export function NameField({ site: form, placeholder }: ContactFieldProps<'name'>) {
  return (
    <FormField label="Name" required error={form.errors.name?.message}>
      {(aria) => (
        <input {...aria} {...form.field('name')} placeholder={placeholder} autoComplete="name" />
      )}
    </FormField>
  )
}

/** The required Email field. */
export function EmailField({ site: form, placeholder }: ContactFieldProps<'email'>) {
  return (
    <FormField label="Email" required error={form.errors.email?.message}>
      {(aria) => (
        <input
          {...aria}
          {...form.field('email')}
          type="email"
          placeholder={placeholder}
          autoComplete="email"
        />
      )}
    </FormField>
  )
}
