import { useEffect, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { useT } from '../../lib/shop.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { TitleSelect } from './title-select.tsx'
import type { AuthActionData, SignInView } from './user.ts'

interface Providers {
  providers: Array<{ providerId: 'google' | 'facebook' }>
}

/**
 * The sign-in / sign-up dialog of spec §2 with the reset-password request and check-e-mail steps. It posts to
 * the /sign-in route's action (the token stays in an HttpOnly cookie); success redirects to `returnTo`.
 */
export function SignInDialog({
  open,
  onClose,
  returnTo,
  guest = false,
  initialView = 'signin',
  initialError,
}: {
  open: boolean
  onClose: () => void
  returnTo: string
  guest?: boolean
  initialView?: SignInView
  initialError?: AuthActionData
}) {
  const t = useT()
  const [view, setView] = useState<SignInView>(initialView)
  const fetcher = useFetcher<AuthActionData>()
  const config = useFetcher<Providers>()
  // An answer moves the dialog to the view it names while rendering (not in an effect, after a commit), and the
  // dialog keeps the last one it showed: what it shows never hangs on the router still holding the fetcher's data.
  const [answer, setAnswer] = useState<AuthActionData | undefined>(undefined)
  if (fetcher.data !== undefined && fetcher.data !== answer) {
    setAnswer(fetcher.data)
    setView(fetcher.data.view)
  }
  const result = answer ?? initialError
  // Spec §5: without cookies the shop cannot keep anyone signed in; refused before an account is made.
  const [cookiesOff, setCookiesOff] = useState(false)
  useEffect(() => {
    if (open && config.state === 'idle' && !config.data) void config.load('/sign-in?config=1')
  }, [open, config])
  const error = cookiesOff ? 'COOKIES_DISABLED' : result?.view === view ? result.error : undefined
  const title =
    view === 'reset'
      ? t('RESET_PASSWORD_TITLE')
      : view === 'sent'
        ? t('CHECK_EMAIL_TITLE')
        : t('SIGN_IN_TITLE')
  const action = `/sign-in?returnTo=${encodeURIComponent(returnTo)}`
  const busy = fetcher.state !== 'idle'
  const errorText = error
    ? error === 'TOO_MANY_ATTEMPTS'
      ? t('TOO_MANY_ATTEMPTS', { seconds: result?.retryAfter ?? 60 })
      : t(error)
    : null
  const providers = config.data?.providers ?? []

  return (
    <Modal open={open} onClose={onClose} title={title} closeLabel={t('CLOSE_DIALOG')}>
      <div className="auth-dialog">
        {view === 'signin' || view === 'signup' ? (
          <div className="auth-tabs" role="tablist" aria-label={t('SIGN_IN_TITLE')}>
            {(['signin', 'signup'] as const).map((v) => (
              <button
                key={v}
                type="button"
                role="tab"
                aria-selected={view === v}
                className={`auth-tabs__tab${view === v ? ' auth-tabs__tab--active' : ''}`}
                onClick={() => {
                  setView(v)
                  setCookiesOff(false)
                }}
              >
                {v === 'signin' ? t('SIGN_IN_TAB') : t('SIGN_UP_TAB')}
              </button>
            ))}
          </div>
        ) : null}
        {errorText ? (
          <p className="alert alert--error" role="alert">
            {error === 'REQUEST_PW_EXPIRED_MSG' ? <strong>{t('REQUEST_PW_EXPIRED')}. </strong> : null}
            {errorText}
          </p>
        ) : null}
        {view === 'signin' ? (
          <SignInForm
            action={action}
            busy={busy}
            fetcher={fetcher}
            onForgot={() => setView('reset')}
            onCookiesOff={() => setCookiesOff(true)}
          />
        ) : null}
        {view === 'signup' ? (
          <SignUpForm
            action={action}
            busy={busy}
            fetcher={fetcher}
            onCookiesOff={() => setCookiesOff(true)}
          />
        ) : null}
        {view === 'reset' ? (
          <ResetForm action={action} busy={busy} fetcher={fetcher} onBack={() => setView('signin')} />
        ) : null}
        {view === 'sent' ? (
          <div className="auth-form">
            <p role="status">{t('CHECK_EMAIL_TEXT', { email: result?.email ?? '' })}</p>
            <button type="button" className="button button--primary" onClick={onClose}>
              {t('OK')}
            </button>
          </div>
        ) : null}
        {view === 'signin' || view === 'signup' ? (
          <>
            <SocialSignIn providers={providers} returnTo={returnTo} />
            {guest ? <GuestOption returnTo={returnTo} /> : null}
          </>
        ) : null}
      </div>
    </Modal>
  )
}

/** Whether this browser keeps cookies (the sign-in token is one); checked when a form is sent. */
const cookiesWork = () => navigator.cookieEnabled

function SignUpForm({
  action,
  busy,
  fetcher,
  onCookiesOff,
}: {
  action: string
  busy: boolean
  fetcher: AuthFetcher
  onCookiesOff: () => void
}) {
  const t = useT()
  const [mismatch, setMismatch] = useState(false)
  return (
    <fetcher.Form
      method="post"
      action={action}
      className="auth-form"
      onSubmit={(event) => {
        if (!cookiesWork()) {
          // Spec §5: the form is cleared and the error shows.
          event.preventDefault()
          event.currentTarget.reset()
          setMismatch(false)
          onCookiesOff()
          return
        }
        const form = new FormData(event.currentTarget)
        const differs = form.get('password') !== form.get('confirm')
        setMismatch(differs)
        if (differs) event.preventDefault()
      }}
    >
      <input type="hidden" name="intent" value="signup" />
      <TitleSelect />
      <TextField name="firstName" label={t('FIRST_NAME')} autoComplete="given-name" required={false} />
      <TextField name="lastName" label={t('LAST_NAME')} autoComplete="family-name" required={false} />
      <TextField name="email" type="email" label={t('EMAIL')} autoComplete="username" />
      <TextField
        name="password"
        type="password"
        label={t('PASSWORD')}
        autoComplete="new-password"
        hint={t('PASSWORD_HINT')}
      />
      <TextField
        name="confirm"
        type="password"
        label={t('CONFIRM_PASSWORD')}
        autoComplete="new-password"
        error={mismatch ? t('FIELDS_NOT_MATCHING') : undefined}
      />
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {t('SIGN_UP')}
      </button>
    </fetcher.Form>
  )
}

type AuthFetcher = ReturnType<typeof useFetcher<AuthActionData>>

function SignInForm({
  action,
  busy,
  fetcher,
  onForgot,
  onCookiesOff,
}: {
  action: string
  busy: boolean
  fetcher: AuthFetcher
  onForgot: () => void
  onCookiesOff: () => void
}) {
  const t = useT()
  return (
    <fetcher.Form
      method="post"
      action={action}
      className="auth-form"
      onSubmit={(event) => {
        if (cookiesWork()) return
        event.preventDefault()
        onCookiesOff()
      }}
    >
      <input type="hidden" name="intent" value="signin" />
      <TextField name="email" type="email" label={t('EMAIL')} autoComplete="username" />
      <TextField name="password" type="password" label={t('PASSWORD')} autoComplete="current-password" />
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {t('SIGN_IN')}
      </button>
      <button type="button" className="button button--link" onClick={onForgot}>
        {t('FORGOT_PASSWORD')}
      </button>
    </fetcher.Form>
  )
}

function ResetForm({
  action,
  busy,
  fetcher,
  onBack,
}: {
  action: string
  busy: boolean
  fetcher: AuthFetcher
  onBack: () => void
}) {
  const t = useT()
  return (
    <fetcher.Form method="post" action={action} className="auth-form">
      <input type="hidden" name="intent" value="reset" />
      <p>{t('RESET_PASSWORD_TEXT')}</p>
      <TextField name="email" type="email" label={t('EMAIL')} autoComplete="username" />
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {t('SEND_LINK')}
      </button>
      <button type="button" className="button button--link" onClick={onBack}>
        {t('BACK_TO_SIGN_IN')}
      </button>
    </fetcher.Form>
  )
}

/** "Sign in with Google / Facebook", for the providers the shop has set up. */
function SocialSignIn({ providers, returnTo }: { providers: Providers['providers']; returnTo: string }) {
  const t = useT()
  if (providers.length === 0) return null
  return (
    <div className="auth-social">
      <p className="auth-social__or">{t('OR')}</p>
      {providers.map((p) => (
        <a
          key={p.providerId}
          className="button button--secondary button--block"
          href={`/auth/${p.providerId}/start?returnTo=${encodeURIComponent(returnTo)}`}
        >
          {p.providerId === 'google' ? t('SIGN_IN_WITH_GOOGLE') : t('SIGN_IN_WITH_FACEBOOK')}
        </a>
      ))}
    </div>
  )
}

/** The guest option of the checkout entry: "Continue as guest". */
function GuestOption({ returnTo }: { returnTo: string }) {
  const t = useT()
  return (
    <div className="auth-guest">
      <p>{t('GUEST_HINT')}</p>
      <Link
        className="button button--secondary button--block"
        to={`${returnTo}${returnTo.includes('?') ? '&' : '?'}guest=1`}
      >
        {t('CONTINUE_AS_GUEST')}
      </Link>
    </div>
  )
}
