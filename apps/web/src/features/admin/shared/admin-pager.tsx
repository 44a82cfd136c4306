// Previous / Next for a server-side paged list (1-based pages), with where we are in words.
type AdminPagerProps = {
  page: number
  pageSize: number
  total: number
  /** The nav's accessible name, e.g. 'Fan club pages'. */
  label: string
  onPage(page: number): void
}

export function AdminPager({ page, pageSize, total, label, onPage }: AdminPagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  return (
    <nav className="admin-pager" aria-label={label}>
      <button
        type="button"
        className="btn btn--secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <p className="admin-pager__status">
        Page {page} of {pages}
      </p>
      <button
        type="button"
        className="btn btn--secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  )
}
