import { lazy, Suspense, useEffect, useState } from 'react'
import { Form, Link, useLocation } from 'react-router'
import { onUserAuthError } from '../../lib/auth-error.ts'
import { useT } from '../../lib/shop.ts'
import { useSignedInUser } from './user.ts'

/** The dialog and its form load when the shopper first asks to sign in (docs/decisions/0071). */
const loadSignInDialog = () => import('./sign-in-dialog.tsx')
const SignInDialog = lazy(() => loadSignInDialog().then((module) => ({ default: module.SignInDialog })))

/** Top navigation entries of spec §2: sign in (dialog), or my account and sign out. */
export function AccountMenu() {
  const t = useT()
  const user = useSignedInUser()
  const location = useLocation()
  const [open, setOpen] = useState(false)
  const here = location.pathname + location.search
  // A sign-in (or sign-out) closes the dialog; it must not reappear after the next sign-out.
  useEffect(() => {
    if (user) setOpen(false)
  }, [user])
  // Spec §6: an authorization failure while anonymous (the user-auth-error event) opens the sign-in dialog.
  useEffect(() => onUserAuthError(() => setOpen(true)), [])
  if (user) {
    return (
      <div className="account-menu account-menu--user">
        <Link
          to="/account"
          className="button button--ghost account-menu__link"
          title={t('SIGNED_IN_AS', { name: user })}
        >
          <PersonIcon />
          <span className="account-menu__label">{t('MY_ACCOUNT')}</span>
        </Link>
        <Form
          method="post"
          action={`/sign-in?returnTo=${encodeURIComponent(here)}`}
          className="account-menu__out"
        >
          <input type="hidden" name="intent" value="logout" />
          <button type="submit" className="button button--ghost account-menu__link" title={t('SIGN_OUT')}>
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
              <path
                fill="currentColor"
                d="M10 17v-3H3v-4h7V7l5 5-5 5zm3-14h6a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-6v-2h6V5h-6V3z"
              />
            </svg>
            <span className="account-menu__label">{t('SIGN_OUT')}</span>
          </button>
        </Form>
      </div>
    )
  }
  return (
    <div className="account-menu">
      <a
        href={`/sign-in?returnTo=${encodeURIComponent(here)}`}
        className="button button--ghost account-menu__link"
        onPointerEnter={loadSignInDialog}
        onFocus={loadSignInDialog}
        onClick={(event) => {
          event.preventDefault()
          setOpen(true)
        }}
      >
        <PersonIcon />
        <span className="account-menu__label">{t('SIGN_IN')}</span>
      </a>
      {open ? (
        <Suspense fallback={null}>
          <SignInDialog open onClose={() => setOpen(false)} returnTo={here} />
        </Suspense>
      ) : null}
    </div>
  )
}

function PersonIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
      <path
        fill="currentColor"
        d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-3.3 0-10 1.7-10 5v3h20v-3c0-3.3-6.7-5-10-5z"
      />
    </svg>
  )
}
