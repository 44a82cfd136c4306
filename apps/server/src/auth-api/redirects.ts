// The redirect allow-list: SITE_URL plus ADDITIONAL_REDIRECT_URLS, compared exactly after URL
// normalisation (so `https://site` and `https://site/` are the same entry). As GoTrue does, a
// redirect that is not on the list is not an error: the link leads to SITE_URL instead. The site
// answers on more than one host (a preview name, an address), and a sign-up from any of them
// must work; what the link leads to is never taken from the request, only from this list.

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

  /** Where a link leads: the given redirect when it is on the list, else SITE_URL. */
  orSiteUrl(redirectTo: string | undefined): string {
    if (redirectTo === undefined || redirectTo === '') return this.siteUrl
    const n = normalise(redirectTo)
    return n !== undefined && this.allowed.has(n) ? n : this.siteUrl
  }
}
