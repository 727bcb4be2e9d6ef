import { Link, useRouteLoaderData } from 'react-router'
import { translator } from '../i18n/index.ts'
import type { ShopData } from '../lib/shop.ts'

/** Spec §2 "errors": 401 and 404 have their own texts, everything else the generic ones; one button home. */
export function ErrorScreen({ status }: { status: number }) {
  const data = useRouteLoaderData('root') as ShopData | undefined
  const t = translator(data?.language ?? 'en')
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
      <Link className="button button--primary" to="/">
        {t('BACK_TO_HOME')}
      </Link>
    </section>
  )
}
