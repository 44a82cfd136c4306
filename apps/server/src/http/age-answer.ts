// The age gate's answer as the server sees it (decision 301): the `ageVerified=true` cookie that
// the page's head script sets beside the spec's localStorage flag. A page sent to a visitor who
// answered carries <html data-age-ok>, so the door is never drawn, not even for a moment.
//
// The mark is added to the finished HTML when it is sent, outside the React render: the render
// (and any cache of it) stays the same for every visitor. A page sent with the mark is private
// (no shared cache may keep it and hand it to a visitor who has not answered); without the mark a
// page may be shared, since the head script hides the door for a visitor who has answered anyway.
import type { IncomingHttpHeaders } from 'node:http'

// One pass over a header Node has already bounded in size; no backtracking.
const ANSWERED = /(?:^|;)\s*ageVerified=true\s*(?:;|$)/

export function hasAnsweredAgeGate(request: { headers: IncomingHttpHeaders }): boolean {
  const cookie = request.headers.cookie
  return typeof cookie === 'string' && ANSWERED.test(cookie)
}

/** The page's HTML with <html data-age-ok> (its first tag is `<html lang="…">`). */
export function markAgeAnswered(html: string): string {
  return html.replace(/<html(?=[\s>])/i, '<html data-age-ok')
}

/** What a page sent with the mark may be cached as: by the visitor's browser only. */
export const PRIVATE_PAGE = 'private, no-cache'
