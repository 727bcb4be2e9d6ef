import { useEffect } from 'react'
import { data, Form, redirect, useNavigation, useSearchParams } from 'react-router'
import { completeSignOut, signedInUser } from '../features/auth/session-user.server.ts'
import { isApiError } from '../lib/api.ts'
import { emitUserAuthError, forbiddenView } from '../lib/auth-error.ts'
import { getSession } from '../lib/context.server.ts'
import { metaT, pageTitle } from '../lib/meta.ts'
import { useT } from '../lib/shop.ts'
import type { Route } from './+types/delete-account'

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches)
  return [{ title: pageTitle(matches, t('DELETE_ACCOUNT_TITLE')) }, { name: 'robots', content: 'noindex' }]
}

/** Delete-account screen (spec §2): confirms the mailed token, then signs out and goes home. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const token = new URL(request.url).searchParams.get('token') ?? ''
  try {
    await session.api.deleteMe(token)
  } catch (error) {
    // Spec §6/§8: a 403 (another account's link) is "not authorized" for a customer; a visitor signs in.
    if (isApiError(error, 401) || isApiError(error, 403)) {
      const view = isApiError(error, 403) ? forbiddenView(signedInUser(request) !== null) : 'sign-in'
      const failure = view === 'sign-in' ? ('SIGN_IN_REQUIRED' as const) : ('NOT_AUTHORIZED' as const)
      return data({ error: failure }, error.status)
    }
    return data(
      { error: isApiError(error, 400) ? ('LINK_INVALID' as const) : ('SERVER_UNAVAILABLE' as const) },
      400,
    )
  }
  await completeSignOut(session)
  throw redirect('/')
}

export default function DeleteAccount({ actionData }: Route.ComponentProps) {
  const t = useT()
  const [params] = useSearchParams()
  const navigation = useNavigation()
  const token = params.get('token')
  const signIn = actionData?.error === 'SIGN_IN_REQUIRED'
  useEffect(() => {
    if (signIn) emitUserAuthError()
  }, [signIn])
  return (
    <div className="container page-narrow">
      <h1>{t('DELETE_ACCOUNT_TITLE')}</h1>
      {!token ? (
        <p>{t('DELETE_ACCOUNT_NO_TOKEN')}</p>
      ) : (
        <Form method="post" className="stack">
          {actionData?.error ? (
            <p className="alert alert--error" role="alert">
              {t(actionData.error === 'SIGN_IN_REQUIRED' ? 'ERROR_401_MESSAGE' : actionData.error)}
            </p>
          ) : null}
          <p>{t('DELETE_ACCOUNT_CONFIRM_TEXT')}</p>
          <button type="submit" className="button button--danger" disabled={navigation.state !== 'idle'}>
            {t('DELETE_ACCOUNT_CONFIRM')}
          </button>
        </Form>
      )}
    </div>
  )
}
