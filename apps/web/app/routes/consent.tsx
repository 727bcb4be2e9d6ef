import { redirect } from 'react-router'
import { consentChoiceFrom, fromAnotherSite, returnPath } from '../features/consent/consent-choice.ts'
import { consentCookie } from '../features/consent/consent-cookie.ts'
import { getSession, serverDepsContext } from '../lib/context.server.ts'
import type { Route } from './+types/consent'

const refused = (status: number, type: string, message: string) =>
  Response.json({ status, type, message, details: [{ field: 'choice', type, message }] }, { status })

/**
 * The consent banner's form without script (docs/decisions/0023): accept creates a consent reference, decline
 * remembers the decline; either lands in the same cookie the browser script writes, then back to the page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url)
  if (fromAnotherSite(request.headers, url.origin))
    return refused(403, 'cross_site_consent', 'consent can only be given on this shop')
  const form = await request.formData()
  const choice = consentChoiceFrom(form.get('choice'))
  if (!choice) return refused(400, 'invalid_choice', 'choice must be accept or decline')
  const secure = context.get(serverDepsContext).production || url.protocol === 'https:'
  // A failed accept stores nothing: the banner asks again on the page it came from.
  const value =
    choice === 'decline'
      ? 'declined'
      : await getSession(context)
          .api.createConsentReference()
          .then((reference) => reference.id)
          .catch(() => null)
  const headers = new Headers()
  if (value) headers.append('set-cookie', consentCookie(value, secure))
  return redirect(returnPath(form.get('redirectTo')), { status: 303, headers })
}

export function loader() {
  return redirect('/')
}
