import { data } from 'react-router'
import { metaT, pageTitle } from '../lib/meta.ts'
import { ErrorScreen } from '../ui/error-screen.tsx'
import type { Route } from './+types/errors'

/** The HTTP status matches the screen: /errors/401 answers 401, /errors/404 404, anything else 500. */
export function statusOf(errorId: string | undefined): number {
  const status = Number(errorId)
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500
}

export function loader({ params }: Route.LoaderArgs) {
  const status = statusOf(params.errorId)
  return data({ status }, { status })
}

export const meta: Route.MetaFunction = ({ params, matches }) => {
  const t = metaT(matches)
  const title =
    params.errorId === '401'
      ? t('ERROR_401_TITLE')
      : params.errorId === '404'
        ? t('ERROR_404_TITLE')
        : t('ERROR_GENERIC_TITLE')
  return [{ title: pageTitle(matches, title) }, { name: 'robots', content: 'noindex' }]
}

export default function ErrorsPage({ loaderData }: Route.ComponentProps) {
  return <ErrorScreen status={loaderData.status} />
}
