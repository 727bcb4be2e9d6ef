import { data } from 'react-router'
import { accountAction } from '../features/account/account-actions.server.ts'
import { AccountPage } from '../features/account/account-page.tsx'
import { requireCustomer } from '../features/auth/session-user.server.ts'
import { isApiError } from '../lib/api.ts'
import { getSession } from '../lib/context.server.ts'
import { metaT, pageTitle } from '../lib/meta.ts'
import type { Route } from './+types/account'

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches)
  return [{ title: pageTitle(matches, t('ACCOUNT_TITLE')) }, { name: 'robots', content: 'noindex' }]
}

const ADDRESSES_SHOWN = 6
const ORDERS_SHOWN = 10

/** Account (spec §2): details, address book (6, show all), orders (10, show all = page size of the total header). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const url = new URL(request.url)
  return requireCustomer(request, session, async () => {
    const { api } = session
    const customer = await api.me()
    const list = async <T,>(
      load: (size: number) => Promise<{ items: T[]; total: number }>,
      size: number,
      all: boolean,
    ) => {
      try {
        const first = await load(size)
        return all && first.total > first.items.length ? await load(first.total) : first
      } catch (error) {
        if (isApiError(error, 401)) throw error
        return null
      }
    }
    const [addresses, orders] = await Promise.all([
      list((n) => api.addresses(n), ADDRESSES_SHOWN, url.searchParams.get('addresses') === 'all'),
      list((n) => api.orders(n), ORDERS_SHOWN, url.searchParams.get('orders') === 'all'),
    ])
    return { customer, addresses, orders }
  })
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context)
  return requireCustomer(request, session, async () => {
    const result = await accountAction(session, await request.formData())
    return data(result, result.ok ? 200 : 400)
  })
}

export default function Account({ loaderData }: Route.ComponentProps) {
  return <AccountPage {...loaderData} />
}
