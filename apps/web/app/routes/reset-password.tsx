import { useState } from 'react'
import { data, Form, Link, useNavigation, useSearchParams } from 'react-router'
import { SignInDialog } from '../features/auth/sign-in-dialog.tsx'
import { isApiError } from '../lib/api.ts'
import { getSession } from '../lib/context.server.ts'
import { metaT, pageTitle } from '../lib/meta.ts'
import { useT } from '../lib/shop.ts'
import { TextField } from '../ui/form/text-field.tsx'
import { Modal } from '../ui/modal.tsx'
import type { Route } from './+types/reset-password'

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches)
  return [{ title: pageTitle(matches, t('UPDATE_PASSWORD_TITLE')) }, { name: 'robots', content: 'noindex' }]
}

type Result =
  | { ok: true }
  | {
      ok: false
      error: 'REQUEST_PW_EXPIRED_MSG' | 'PASSWORD_INVALID' | 'PW_CHANGE_FAILED' | 'FIELDS_NOT_MATCHING'
      details?: string[]
    }

/** Spec §4 password reset, last step: the token of the mailed link and a new password. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const token = new URL(request.url).searchParams.get('token') ?? String(form.get('token') ?? '')
  const password = String(form.get('password') ?? '')
  if (password !== form.get('confirm')) return data<Result>({ ok: false, error: 'FIELDS_NOT_MATCHING' }, 400)
  try {
    await getSession(context).api.updatePassword(token, password)
    return { ok: true } satisfies Result
  } catch (error) {
    if (isApiError(error, 400)) {
      if (error.body.details.some((d) => /password$/i.test(d.field ?? '')))
        return data<Result>({ ok: false, error: 'PASSWORD_INVALID' }, 400)
      return data<Result>({ ok: false, error: 'REQUEST_PW_EXPIRED_MSG' }, 400)
    }
    const details = isApiError(error) ? error.body.details.map((d) => d.message) : []
    return data<Result>({ ok: false, error: 'PW_CHANGE_FAILED', details }, 500)
  }
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const t = useT()
  const [params] = useSearchParams()
  const navigation = useNavigation()
  const [closed, setClosed] = useState(false)
  const result = actionData as Result | undefined
  const token = params.get('token') ?? ''
  if (!token || (result && !result.ok && result.error === 'REQUEST_PW_EXPIRED_MSG')) {
    // An expired or used link reopens the request dialog with its message (spec §8).
    return (
      <div className="container page-narrow">
        <SignInDialog
          open={!closed}
          onClose={() => setClosed(true)}
          returnTo="/"
          initialView="reset"
          initialError={{ view: 'reset', error: 'REQUEST_PW_EXPIRED_MSG' }}
        />
        {closed ? <Link to="/">{t('OK')}</Link> : null}
      </div>
    )
  }
  if (result?.ok) {
    return (
      <div className="container page-narrow">
        <Modal
          open
          onClose={() => setClosed(true)}
          title={t('PASSWORD_CHANGED_TITLE')}
          closeLabel={t('CLOSE_DIALOG')}
        >
          <p role="status">{t('PASSWORD_CHANGED_TEXT')}</p>
          <Link className="button button--primary" to="/sign-in?returnTo=%2Faccount">
            {t('SIGN_IN')}
          </Link>
        </Modal>
      </div>
    )
  }
  return (
    <div className="container page-narrow">
      <h1>{t('UPDATE_PASSWORD_TITLE')}</h1>
      <Form method="post" className="auth-form">
        {result && !result.ok ? (
          <div className="alert alert--error" role="alert">
            <p>{t(result.error)}</p>
            {result.details?.map((d) => (
              <p key={d}>{d}</p>
            ))}
          </div>
        ) : null}
        <TextField
          name="password"
          type="password"
          label={t('NEW_PASSWORD')}
          autoComplete="new-password"
          hint={t('PASSWORD_HINT')}
        />
        <TextField name="confirm" type="password" label={t('CONFIRM_PASSWORD')} autoComplete="new-password" />
        <button type="submit" className="button button--primary" disabled={navigation.state !== 'idle'}>
          {t('SAVE_PASSWORD')}
        </button>
      </Form>
    </div>
  )
}
