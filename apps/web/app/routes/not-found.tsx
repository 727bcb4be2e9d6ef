import { data } from 'react-router'
import { metaT, pageTitle } from '../lib/meta.ts'
import { ErrorScreen } from '../ui/error-screen.tsx'
import type { Route } from './+types/not-found'

export function loader() {
  return data(null, 404)
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches)
  return [{ title: pageTitle(matches, t('ERROR_404_TITLE')) }, { name: 'robots', content: 'noindex' }]
}

export default function NotFound() {
  return <ErrorScreen status={404} />
}
