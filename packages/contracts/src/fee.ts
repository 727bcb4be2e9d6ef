import { z } from 'zod'
import { IdSchema, MoneySchema } from './common.ts'
import { endpoint, errors } from './endpoint.ts'

export const FeeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    feeType: z.enum(['ABSOLUTE', 'ABSOLUTE_MULTIPLY_ITEMQUANTITY']),
    feeAbsolute: MoneySchema,
    siteCode: z.string(),
    itemYrn: z.string(),
  })
  .meta({ id: 'Fee' })

export const ItemFeesSearchSchema = z.object({
  itemYrns: z.array(z.string().max(300)).min(1).max(100),
  siteCode: IdSchema,
})

/** Fees are kept per item yrn (spec §3). */
export const ItemFeesSchema = z.array(z.object({ itemYrn: z.string(), fees: z.array(FeeSchema) }))

export const FeesQuerySchema = z.object({ siteCode: IdSchema.optional(), productId: IdSchema.optional() })

export type Fee = z.infer<typeof FeeSchema>

export const feeApi = {
  itemFees: endpoint({
    method: 'POST',
    path: '/api/fee/itemFees/search',
    tags: ['fee'],
    body: ItemFeesSearchSchema,
    responses: { 200: ItemFeesSchema, ...errors(400) },
  }),
  fees: endpoint({
    method: 'GET',
    path: '/api/fee/fees',
    tags: ['fee'],
    query: FeesQuerySchema,
    responses: { 200: z.array(FeeSchema), ...errors(400) },
  }),
}
