import { LinkButton } from './link-button'

/**
 * Every sub-page's way home (docs/product/pages.md#every-page). The arrow is decoration: the
 * accessible name is 'Back'.
 */
export function BackLink() {
  return (
    <LinkButton to="/" variant="secondary" className="back-link">
      <span aria-hidden="true" className="back-link__arrow">
        ←
      </span>
      Back
    </LinkButton>
  )
}
