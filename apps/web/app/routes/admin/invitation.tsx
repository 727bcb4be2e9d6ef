import { useEffect } from 'react'
import { data, Form, redirect, useActionData, useLoaderData, useNavigation, useParams } from 'react-router'
import adminStyles from '../../features/admin/admin.css?url'
import { adminMeta } from '../../features/admin/meta.ts'
import { completeSignIn, deviceToken, signedInUser } from '../../features/auth/session-user.server.ts'
import { type AdminKey, adminTranslator } from '../../i18n/admin.ts'
import { isApiError } from '../../lib/api.ts'
import { getSession } from '../../lib/context.server.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import type { Route } from './+types/invitation'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }]

export const meta: Route.MetaFunction = adminMeta

/**
 * An invitation link (docs/decisions/0066-staff-invitations.md): what it offers, and accepting it, signed in with
 * the invited address (here, in one step) or already signed in. Outside the staff layout: the invitee is not
 * staff yet.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const t = adminTranslator(session.language)
  const title = `${t('INVITATION_TITLE')} – ${t('ADMIN')}`
  const signedIn = signedInUser(request)
  try {
    const invitation = await session.api.staffInvitation(params.token)
    return data({ invitation, signedIn, language: session.language, title })
  } catch (error) {
    // The page says the link is no longer valid, with the status of a page that is not there.
    if (isApiError(error, 404) || isApiError(error, 400))
      return data({ invitation: null, signedIn, language: session.language, title }, 404)
    throw error
  }
}

const homeOf = (role: string) => (role === 'orders' ? '/admin/orders' : '/admin')

export async function action({ params, request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const form = await request.formData()
  if (form.get('intent') === 'sign-in') {
    try {
      const result = await session.api.login({
        email: String(form.get('email') ?? '').trim(),
        password: String(form.get('password') ?? ''),
        deviceToken: deviceToken(request),
      })
      await completeSignIn(session, result)
    } catch (error) {
      if (isApiError(error, 400) || isApiError(error, 401))
        return data({ error: 'INVALID_CREDENTIALS' as AdminKey }, 400)
      throw error
    }
  }
  try {
    const accepted = await session.api.acceptStaffInvitation(params.token)
    throw redirect(homeOf(accepted.role))
  } catch (error) {
    if (isApiError(error, 403)) return data({ error: 'INVITATION_OTHER' as AdminKey }, 403)
    if (isApiError(error, 404)) return data({ error: 'INVITATION_GONE' as AdminKey }, 404)
    if (isApiError(error, 401)) return data({ error: 'INVALID_CREDENTIALS' as AdminKey }, 401)
    throw error
  }
}

export default function AdminInvitation() {
  const { invitation, signedIn, language } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  const { token = '' } = useParams()
  const t = adminTranslator(language)
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  const email = invitation?.email ?? ''
  return (
    <main id="main" className="admin-signin">
      <h1>{t('INVITATION_TITLE')}</h1>
      {invitation ? (
        <p>{t('INVITATION_OFFER', { role: t(`ROLE_CHOICE_${invitation.role}`), email })}</p>
      ) : (
        <p role="alert" className="admin-alert">
          {t('INVITATION_GONE')}
        </p>
      )}
      {result?.error ? (
        <p role="alert" className="admin-alert">
          {t(result.error, { email })}
        </p>
      ) : null}
      {invitation && signedIn ? (
        <Form method="post">
          <input type="hidden" name="intent" value="accept" />
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('ACCEPT_INVITATION')}
          </button>
        </Form>
      ) : null}
      {invitation && !signedIn ? (
        <>
          <p className="hint">{t('INVITATION_SIGN_IN', { email })}</p>
          <Form method="post" className="admin-signin__form">
            <input type="hidden" name="intent" value="sign-in" />
            <TextField
              name="email"
              type="email"
              label={t('EMAIL')}
              autoComplete="username"
              defaultValue={email}
              wide
            />
            <TextField
              name="password"
              type="password"
              label={t('PASSWORD')}
              autoComplete="current-password"
              wide
            />
            <button type="submit" className="button button--primary" disabled={busy}>
              {t('ACCEPT_INVITATION')}
            </button>
          </Form>
          <p>
            <a
              href={`/sign-in?returnTo=${encodeURIComponent(`/admin/invitation/${encodeURIComponent(token)}`)}`}
            >
              {t('INVITATION_CREATE_ACCOUNT')}
            </a>
          </p>
        </>
      ) : null}
    </main>
  )
}
