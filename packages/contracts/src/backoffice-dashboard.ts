import { z } from 'zod'
import { endpoint, errors } from './endpoint.ts'

/**
 * The owner's dashboard (docs/decisions/0069-dashboard.md): sales, orders and average order value per day of a
 * period and site, the top products, low stock. Money in minor units of the site's currency; declined orders and
 * refunds are left out of sales.
 */
const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD')

export const DashboardQuerySchema = z
  .object({
    site: z.string().trim().min(1).max(32),
    /** First and last day, inclusive (UTC); at most 366 days. */
    from: DaySchema,
    to: DaySchema,
  })
  .refine((q) => q.from <= q.to, { message: 'the period ends before it starts', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 365 * 86_400_000, {
    message: 'a period of at most 366 days',
    path: ['from'],
  })
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>

export const DashboardSchema = z
  .object({
    site: z.string(),
    currency: z.string(),
    from: z.string(),
    to: z.string(),
    /** Every day of the period, days without orders included. */
    days: z.array(
      z.object({
        day: z.string(),
        orders: z.number().int(),
        salesMinor: z.number().int(),
        aovMinor: z.number().int(),
      }),
    ),
    totals: z.object({ orders: z.number().int(), salesMinor: z.number().int(), aovMinor: z.number().int() }),
    topProducts: z.array(
      z.object({
        productId: z.string(),
        name: z.string(),
        units: z.number().int(),
        salesMinor: z.number().int(),
      }),
    ),
    lowStock: z.array(
      z.object({
        productId: z.string(),
        variantId: z.string().nullable(),
        code: z.string(),
        name: z.string(),
        stock: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'Dashboard' })
export type Dashboard = z.infer<typeof DashboardSchema>

export const backofficeDashboardApi = {
  dashboard: endpoint({
    method: 'GET',
    path: '/api/owner/dashboard',
    tags: ['owner'],
    security: 'bearer',
    query: DashboardQuerySchema,
    responses: { 200: DashboardSchema, ...errors(400, 401, 403, 404) },
  }),
}
