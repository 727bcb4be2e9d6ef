import { backofficeDashboardApi as api, type DashboardQuery } from '@shop/contracts/backoffice-dashboard'
import type { Transport } from './transport.ts'

/** The owner's dashboard call (server-side only, /admin/dashboard). */
export function backofficeDashboardCalls({ call }: Transport) {
  return { dashboard: (query: DashboardQuery) => call(api.dashboard, { query }) }
}
