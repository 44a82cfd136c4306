// What the Q&A signup shows once the fan is signed up (the spec's party emoji and texts), in the
// dialog and in the card without JavaScript.
export function AudienceSignupDone() {
  return (
    <div className="form-success" role="status">
      <p className="form-success__emoji" aria-hidden="true">
        🎉
      </p>
      <h3>You&apos;re all set!</h3>
      <p>We&apos;ll send you the meeting details via email soon!</p>
    </div>
  )
}
