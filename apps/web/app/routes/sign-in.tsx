import { data, redirect, useNavigate, useSearchParams } from 'react-router'
import { authFailure } from '../features/auth/errors.ts'
import { isProtectedPath, safeReturnTo } from '../features/auth/paths.ts'
import {
  completeSignIn,
  completeSignOut,
  deviceToken,
  signedInUser,
} from '../features/auth/session-user.server.ts'
import { SignInDialog } from '../features/auth/sign-in-dialog.tsx'
import type { AuthActionData } from '../features/auth/user.ts'
import { isApiError } from '../lib/api.ts'
import { getSession } from '../lib/context.server.ts'
import { metaT, pageTitle } from '../lib/meta.ts'
import type { Route } from './+types/sign-in'

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches)
  return [{ title: pageTitle(matches, t('SIGN_IN')) }, { name: 'robots', content: 'noindex' }]
}

/** `?config=1` answers the enabled social providers (the dialog loads them); otherwise the sign-in page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const session = getSession(context)
  if (url.searchParams.has('config')) {
    const config = await session.api.loginConfig().catch(() => ({ providers: [] }))
    return { providers: config.providers.map((p) => ({ providerId: p.providerId })) }
  }
  const returnTo = safeReturnTo(url.searchParams.get('returnTo'))
  if (signedInUser(request)) throw redirect(returnTo)
  return { providers: [] }
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const form = await request.formData()
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get('returnTo') ?? form.get('returnTo'))
  const text = (name: string) => String(form.get(name) ?? '').trim()
  const intent = form.get('intent')
  if (intent === 'logout') {
    await completeSignOut(session)
    throw redirect(isProtectedPath(returnTo) ? '/' : returnTo)
  }
  if (intent === 'signin') {
    try {
      const result = await session.api.login({
        email: text('email'),
        password: String(form.get('password') ?? ''),
        deviceToken: deviceToken(request),
      })
      await completeSignIn(session, result)
    } catch (error) {
      return data<AuthActionData>(authFailure(error, 'signin'), 400)
    }
    throw redirect(returnTo)
  }
  if (intent === 'signup') {
    const password = String(form.get('password') ?? '')
    if (form.has('confirm') && form.get('confirm') !== password)
      return data<AuthActionData>({ view: 'signup', error: 'FIELDS_NOT_MATCHING' }, 400)
    const optional = (name: string) => text(name) || undefined
    const title = text('title')
    try {
      const result = await session.api.signup({
        email: text('email'),
        password,
        title: (['MR', 'MS', 'MRS', 'DR'] as const).find((v) => v === title),
        firstName: optional('firstName'),
        lastName: optional('lastName'),
        preferredLanguage: session.language,
      })
      await completeSignIn(session, result)
    } catch (error) {
      return data<AuthActionData>(authFailure(error, 'signup'), 400)
    }
    throw redirect(returnTo)
  }
  if (intent === 'reset') {
    const email = text('email')
    try {
      await session.api.requestPasswordReset(email)
      return { view: 'sent', email } satisfies AuthActionData
    } catch (error) {
      if (isApiError(error, 404))
        return data<AuthActionData>({ view: 'reset', error: 'EMAIL_NOT_FOUND' }, 404)
      if (isApiError(error, 429))
        return data<AuthActionData>({ view: 'reset', error: 'TOO_MANY_ATTEMPTS' }, 429)
      if (isApiError(error, 400))
        return data<AuthActionData>({ view: 'reset', error: 'EMAIL_NOT_FOUND' }, 400)
      return data<AuthActionData>({ view: 'reset', error: 'SERVER_UNAVAILABLE' }, 503)
    }
  }
  return data<AuthActionData>({ view: 'signin', error: 'SERVER_UNAVAILABLE' }, 400)
}

/** The no-JS and protected-screen entry: the sign-in dialog over an empty page; closing goes home. */
export default function SignIn({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const returnTo = safeReturnTo(params.get('returnTo'))
  const initialView =
    params.get('view') === 'reset' ? 'reset' : params.get('view') === 'signup' ? 'signup' : 'signin'
  return (
    <div className="container page-narrow">
      {/* Without JavaScript the dialog cannot be opened as a modal: show it in the page; its forms post to the action. */}
      <noscript>
        <style>{'dialog.modal{display:block;position:static;margin:0 auto}'}</style>
      </noscript>
      <SignInDialog
        open
        onClose={() => navigate(isProtectedPath(returnTo) ? '/' : returnTo)}
        returnTo={returnTo}
        guest={params.get('guest') === 'offer'}
        initialView={initialView}
        initialError={
          (actionData as AuthActionData | undefined) ??
          (params.get('error') === 'login_failed' ? { view: 'signin', error: 'LOGIN_FAILED' } : undefined)
        }
      />
    </div>
  )
}
