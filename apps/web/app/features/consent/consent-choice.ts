/** The banner's form (docs/decisions/0023): which button was pressed and where the shopper came from. */
export type ConsentChoice = 'accept' | 'decline'

export function consentChoiceFrom(value: FormDataEntryValue | null): ConsentChoice | null {
  return value === 'accept' || value === 'decline' ? value : null
}

/** Back to the page the banner was on; only a path of this shop, never another origin. */
export function returnPath(value: FormDataEntryValue | null): string {
  return typeof value === 'string' &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.includes('\\')
    ? value
    : '/'
}

/**
 * A consent given by another site's form is no consent: the browser says where a post comes from
 * (`Sec-Fetch-Site`, else `Origin`); a request that says nothing (a script, a test) is taken as same-site.
 */
export function fromAnotherSite(headers: Headers, shopOrigin: string): boolean {
  const site = headers.get('sec-fetch-site')
  if (site) return site === 'cross-site'
  const origin = headers.get('origin')
  return origin !== null && origin !== shopOrigin
}
