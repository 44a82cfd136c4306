/** A polite "still working" message; screen readers hear the label once. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="loading" role="status">
      <span className="loading__coin" aria-hidden="true" />
      <span className="loading__label">{label}</span>
    </div>
  )
}
