import { useEffect, useState } from 'react'
import { Link, useRouteLoaderData } from 'react-router'
import { translator, useTexts } from '../i18n/index.ts'
import { emitUserAuthError, forbiddenView } from '../lib/auth-error.ts'
import type { ShopData } from '../lib/shop.ts'

/**
 * Spec §2 "errors": 401 and 404 have their own texts, everything else the generic ones; one button home.
 * A 403 (spec §6): signed in, the alert "You are not authorized…"; anonymous, the sign-in texts and the
 * user-auth-error event, which opens the sign-in dialog.
 * A server-rendered failure (5xx) also shows the request's id, which the shop's log line carries: a shopper can
 * quote it. After hydration a client-side navigation's failure came from another request: no id then.
 */
export function ErrorScreen({ status, language }: { status: number; language?: string }) {
  const data = useRouteLoaderData('root') as (ShopData & { user?: string | null }) | undefined
  const shown = data?.language ?? (language === 'de' ? 'de' : 'en')
  useTexts(shown)
  const t = translator(shown)
  const [requestId] = useState(() =>
    status >= 500 && (typeof document === 'undefined' || document.documentElement.dataset.hydrated !== 'true')
      ? data?.requestId
      : undefined,
  )
  const forbidden = status === 403 ? forbiddenView(Boolean(data?.user)) : null
  useEffect(() => {
    if (forbidden === 'sign-in') emitUserAuthError()
  }, [forbidden])
  const [title, message] =
    forbidden === 'not-authorized'
      ? [t('ERROR_403_TITLE'), t('NOT_AUTHORIZED')]
      : status === 401 || forbidden === 'sign-in'
        ? [t('ERROR_401_TITLE'), t('ERROR_401_MESSAGE')]
        : status === 404
          ? [t('ERROR_404_TITLE'), t('ERROR_404_MESSAGE')]
          : [t('ERROR_GENERIC_TITLE'), t('ERROR_GENERIC_MESSAGE')]
  return (
    <section className="error-screen container">
      <p className="error-screen__code" aria-hidden="true">
        {status}
      </p>
      <h1>{title}</h1>
      <p role={forbidden === 'not-authorized' ? 'alert' : undefined}>{message}</p>
      {requestId ? (
        <p className="error-screen__reference">
          {t('ERROR_REFERENCE')} <code>{requestId}</code>
        </p>
      ) : null}
      <Link className="button button--primary" to="/">
        {t('BACK_TO_HOME')}
      </Link>
    </section>
  )
}
