// The redirect allow-list: SITE_URL plus ADDITIONAL_REDIRECT_URLS, compared exactly after URL
// normalisation (so `https://site` and `https://site/` are the same entry). Unlike GoTrue, which
// silently falls back to SITE_URL, a sign-up naming any other redirect is refused with 400, so a
// misconfigured client finds out at once instead of mailing links to the wrong place.
import { validationFailed } from './errors.js'

function normalise(url: string): string | undefined {
  try {
    const u = new URL(url)
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined
    return u.href
  } catch {
    return undefined
  }
}

export class RedirectAllowList {
  private readonly allowed: Set<string>
  readonly siteUrl: string

  constructor(siteUrl: string, additional: readonly string[]) {
    this.siteUrl = normalise(siteUrl) ?? siteUrl
    this.allowed = new Set(
      [siteUrl, ...additional].map(normalise).filter((u): u is string => u !== undefined),
    )
  }

  /** The normalised redirect, or undefined when none was given; throws when not allowed. */
  check(redirectTo: string | undefined): string | undefined {
    if (redirectTo === undefined || redirectTo === '') return undefined
    const n = normalise(redirectTo)
    if (n === undefined || !this.allowed.has(n)) {
      throw validationFailed(
        `redirect_to is not an allowed redirect URL: ${redirectTo.slice(0, 200)} ` +
          '(allowed: SITE_URL and ADDITIONAL_REDIRECT_URLS, exactly)',
      )
    }
    return n
  }

  /** For links that must not fail (the e-mail confirmation): an allowed URL or SITE_URL. */
  orSiteUrl(redirectTo: string | undefined): string {
    try {
      return this.check(redirectTo) ?? this.siteUrl
    } catch {
      return this.siteUrl
    }
  }
}
