import { data, Form, Link, useNavigation, useSearchParams } from 'react-router'
import { completeSignOut } from '../features/auth/session-user.server.ts'
import { isApiError } from '../lib/api.ts'
import { getSession } from '../lib/context.server.ts'
import { metaT, pageTitle } from '../lib/meta.ts'
import { useT } from '../lib/shop.ts'
import type { Route } from './+types/change-email'

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches)
  return [{ title: pageTitle(matches, t('CHANGE_EMAIL_TITLE')) }, { name: 'robots', content: 'noindex' }]
}

type Result =
  | { ok: true; email: string }
  | { ok: false; error: 'LINK_INVALID' | 'EDIT_EMAIL_ALREADY_IN_USE' | 'EDIT_EMAIL_SOMETHING_WENT_WRONG' }

/** The change-email confirmation screen (spec §2): the link's token is confirmed with one button (no change on GET). */
export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const token = new URL(request.url).searchParams.get('token') ?? ''
  try {
    const customer = await session.api.confirmEmailChange(token)
    // The API signs out every session of the customer on a confirmed change: forget the token here too.
    await completeSignOut(session)
    return { ok: true, email: customer.contactEmail } satisfies Result
  } catch (error) {
    if (isApiError(error, 400)) return data<Result>({ ok: false, error: 'LINK_INVALID' }, 400)
    if (isApiError(error, 409)) return data<Result>({ ok: false, error: 'EDIT_EMAIL_ALREADY_IN_USE' }, 409)
    return data<Result>({ ok: false, error: 'EDIT_EMAIL_SOMETHING_WENT_WRONG' }, 500)
  }
}

export default function ChangeEmail({ actionData }: Route.ComponentProps) {
  const t = useT()
  const [params] = useSearchParams()
  const navigation = useNavigation()
  const result = actionData as Result | undefined
  return (
    <div className="container page-narrow">
      <h1>{t('CHANGE_EMAIL_TITLE')}</h1>
      {result?.ok ? (
        <>
          <p role="status">{t('CHANGE_EMAIL_DONE', { email: result.email })}</p>
          <Link className="button button--primary" to="/sign-in?returnTo=%2Faccount">
            {t('SIGN_IN')}
          </Link>
        </>
      ) : !params.get('token') ? (
        <p className="alert alert--error">{t('LINK_INVALID')}</p>
      ) : (
        <Form method="post">
          {result ? (
            <p className="alert alert--error" role="alert">
              {t(result.error)}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={navigation.state !== 'idle'}>
            {t('CHANGE_EMAIL_CONFIRM')}
          </button>
        </Form>
      )}
    </div>
  )
}
