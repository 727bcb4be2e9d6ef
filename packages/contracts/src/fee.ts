import { z } from 'zod'
import { IdSchema, MoneySchema } from './common.ts'

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
