import { useEffect } from 'react'
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router'
import adminStyles from '../../features/admin/admin.css?url'
import { adminMeta } from '../../features/admin/meta.ts'
import { adminReturnTo } from '../../features/admin/staff.server.ts'
import {
  completeSignIn,
  completeSignOut,
  deviceToken,
  signedInUser,
} from '../../features/auth/session-user.server.ts'
import { type AdminKey, adminTranslator } from '../../i18n/admin.ts'
import { isApiError } from '../../lib/api.ts'
import { getSession } from '../../lib/context.server.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import type { Route } from './+types/sign-in'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }]

export const meta: Route.MetaFunction = adminMeta

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const t = adminTranslator(session.language)
  const returnTo = adminReturnTo(new URL(request.url).searchParams.get('returnTo'))
  const staff = signedInUser(request) ? await session.api.staffMe().catch(() => null) : null
  if (staff) throw redirect(returnTo)
  return { language: session.language, returnTo, title: `${t('STAFF_SIGN_IN')} – ${t('ADMIN')}` }
}

/**
 * Signs in with the shop's own sign-in call, then asks the back office who that is: an account without a staff
 * role is signed out again and refused with a clear message (docs/decisions/0046-admin-web.md).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const form = await request.formData()
  if (form.get('intent') === 'signout') {
    await completeSignOut(session)
    throw redirect('/admin/sign-in')
  }
  const returnTo = adminReturnTo(form.get('returnTo'))
  try {
    const result = await session.api.login({
      email: String(form.get('email') ?? '').trim(),
      password: String(form.get('password') ?? ''),
      deviceToken: deviceToken(request),
    })
    await completeSignIn(session, result)
  } catch (error) {
    const key: AdminKey =
      isApiError(error, 400) || isApiError(error, 401) ? 'INVALID_CREDENTIALS' : 'SIGN_IN_FAILED'
    return data({ error: key }, 400)
  }
  try {
    await session.api.staffMe()
  } catch (error) {
    if (!isApiError(error, 403)) throw error
    await completeSignOut(session)
    return data({ error: 'NOT_STAFF' as AdminKey }, 403)
  }
  throw redirect(returnTo)
}

export default function AdminSignIn() {
  const { language, returnTo } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  const t = adminTranslator(language)
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <main id="main" className="admin-signin">
      <h1>{t('STAFF_SIGN_IN')}</h1>
      <p className="hint">{t('STAFF_SIGN_IN_HINT')}</p>
      {result?.error ? (
        <p role="alert" className="admin-alert">
          {t(result.error)}
        </p>
      ) : null}
      <Form method="post" className="admin-signin__form">
        <input type="hidden" name="returnTo" value={returnTo} />
        <TextField name="email" type="email" label={t('EMAIL')} autoComplete="username" wide />
        <TextField
          name="password"
          type="password"
          label={t('PASSWORD')}
          autoComplete="current-password"
          wide
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('SIGN_IN')}
        </button>
      </Form>
    </main>
  )
}
