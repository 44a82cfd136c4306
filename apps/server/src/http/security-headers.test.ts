// The site's CSP where stored media lives elsewhere: the API on its own origin
// (PUBLIC_SUPABASE_URL) and public objects on a CDN (S3_PUBLIC_URL) must still play and show.
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from './security-headers.js'

describe('contentSecurityPolicy', () => {
  it('allows images and media only from the page’s origin by default', () => {
    const csp = contentSecurityPolicy(undefined)
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:'])
    expect(csp['media-src']).toEqual(["'self'", 'blob:'])
  })

  it('adds the API’s origin and the media CDN’s to connect, image and media sources', () => {
    const csp = contentSecurityPolicy(
      'https://api.rentdue.example/',
      [],
      'https://media.rentdue.example/objects',
    )
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.rentdue.example'])
    expect(csp['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://api.rentdue.example',
      'https://media.rentdue.example',
    ])
    expect(csp['media-src']).toEqual([
      "'self'",
      'blob:',
      'https://api.rentdue.example',
      'https://media.rentdue.example',
    ])
  })
})
