// Why a form posted without JavaScript was not stored, above the form the page was sent with (a
// live form toasts it instead).
export function FormNotice({ text }: { text: string | undefined }) {
  if (!text) return null
  return (
    <p className="form__alert" role="alert">
      {text}
    </p>
  )
}
