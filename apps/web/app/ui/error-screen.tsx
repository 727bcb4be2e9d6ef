import { useState } from 'react'
import { Link, useRouteLoaderData } from 'react-router'
import { translator } from '../i18n/index.ts'
import type { ShopData } from '../lib/shop.ts'

/**
 * Spec §2 "errors": 401 and 404 have their own texts, everything else the generic ones; one button home.
 * A server-rendered failure (5xx) also shows the request's id, which the shop's log line carries: a shopper can
 * quote it. After hydration a client-side navigation's failure came from another request: no id then.
 */
export function ErrorScreen({ status }: { status: number }) {
  const data = useRouteLoaderData('root') as ShopData | undefined
  const t = translator(data?.language ?? 'en')
  const [requestId] = useState(() =>
    status >= 500 && (typeof document === 'undefined' || document.documentElement.dataset.hydrated !== 'true')
      ? data?.requestId
      : undefined,
  )
  const [title, message] =
    status === 401
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
      <p>{message}</p>
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
