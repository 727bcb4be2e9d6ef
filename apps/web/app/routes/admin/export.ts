import { asStaff } from '../../features/admin/staff.server.ts'
import { getSession } from '../../lib/context.server.ts'
import type { Route } from './+types/export'

/** The catalogue as a CSV download (docs/decisions/0053-catalogue-csv.md); staff only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const csv = await asStaff(request, () => session.api.exportCatalogue())
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="catalogue-${new Date().toISOString().slice(0, 10)}.csv"`,
      'cache-control': 'no-store',
    },
  })
}
