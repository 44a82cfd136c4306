// The share menu (docs/product/pages.md#share-menu): native share first where the Web Share API
// exists, then 'Copy Link' (a check and a green state for 2 seconds; a failure is only logged),
// share links for a social network (the URL) and a microblog (URL and text), and those two sites'
// home pages. Radix DropdownMenu gives the keyboard handling (arrows, typeahead, Escape, focus
// return).
import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { useEffect, useRef, useState } from 'react'
import './share-menu.css'

export type ShareMenuProps = {
  /** The absolute URL to share. */
  url: string
  /** The microblog text and the native share title. */
  text: string
  /** The trigger's label. */
  label?: string
}

export const COPIED_MS = 2000

export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`
}

export function tweetUrl(url: string, text: string): string {
  return `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`
}

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const

export function ShareMenu({ url, text, label = 'Share' }: ShareMenuProps) {
  const [copied, setCopied] = useState(false)
  const timer = useRef<number | undefined>(undefined)
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function'

  useEffect(() => () => window.clearTimeout(timer.current), [])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
      window.clearTimeout(timer.current)
      timer.current = window.setTimeout(() => setCopied(false), COPIED_MS)
    } catch (error) {
      console.error('Copying the link failed', error)
    }
  }

  const share = () => {
    navigator.share({ title: text, text, url }).catch((error: unknown) => {
      // Closing the share sheet rejects with AbortError: not a failure worth reporting.
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        console.error('Sharing failed', error)
      }
    })
  }

  return (
    <div className="share">
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="btn btn--secondary share-trigger">
          <svg className="share-trigger__icon" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="18" cy="5" r="3" />
            <circle cx="6" cy="12" r="3" />
            <circle cx="18" cy="19" r="3" />
            <path d="M8.6 10.5 15.4 6.5M8.6 13.5l6.8 4" />
          </svg>
          {label}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu share-menu" align="end" sideOffset={8}>
            {canShare && (
              <DropdownMenu.Item className="menu__item" onSelect={share}>
                <span className="menu__label">Share…</span>
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item
              className={`menu__item share-menu__copy${copied ? ' share-menu__copy--done' : ''}`}
              data-copied={copied}
              onSelect={(event) => {
                // Keep the menu open so the visitor sees the check.
                event.preventDefault()
                void copy()
              }}
            >
              <span className="share-menu__check" aria-hidden="true">
                {copied ? (
                  <svg viewBox="0 0 24 24" data-icon="check">
                    <path d="M5 12.5l4.5 4.5L19 7.5" />
                  </svg>
                ) : (
                  <svg viewBox="0 0 24 24" data-icon="copy">
                    <rect x="8" y="8" width="11" height="12" rx="2" />
                    <path d="M5 15V6a2 2 0 0 1 2-2h8" />
                  </svg>
                )}
              </span>
              <span className="menu__label">Copy Link</span>
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="share-menu__separator" />
            <DropdownMenu.Item asChild className="menu__item">
              <a href={facebookShareUrl(url)} {...newTab}>
                <span className="menu__label">Share on Facebook</span>
              </a>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className="menu__item">
              <a href={tweetUrl(url, text)} {...newTab}>
                <span className="menu__label">Share on X (Twitter)</span>
              </a>
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="share-menu__separator" />
            <DropdownMenu.Item asChild className="menu__item">
              <a href="https://www.facebook.com/" {...newTab}>
                <span className="menu__label">Open Facebook</span>
              </a>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className="menu__item">
              <a href="https://twitter.com/" {...newTab}>
                <span className="menu__label">Open X (Twitter)</span>
              </a>
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <p className="share__status visually-hidden" role="status">
        {copied ? 'Link copied' : ''}
      </p>
    </div>
  )
}
