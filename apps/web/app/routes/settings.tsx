import { redirect } from 'react-router'
import { resolveLanguage } from '../i18n/index.ts'
import { getSession } from '../lib/context.server.ts'
import { COOKIE_LIFETIME } from '../lib/cookies.server.ts'
import type { Route } from './+types/settings'

/** The site selector posts here: store site and language cookies (100000 s), then go back. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const form = await request.formData()
  const site = session.sites.find((s) => s.code === form.get('site')) ?? session.site
  const language = resolveLanguage(String(form.get('language') ?? ''), site.languages)
  session.setCookie('site', site.code, { maxAge: COOKIE_LIFETIME.siteAndLanguage })
  session.setCookie('language', language, { maxAge: COOKIE_LIFETIME.siteAndLanguage })
  const back = String(form.get('redirectTo') ?? '/')
  return redirect(back.startsWith('/') && !back.startsWith('//') ? back : '/')
}

export function loader() {
  return redirect('/')
}
