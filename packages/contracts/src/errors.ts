import { z } from 'zod'

/** One error shape for every failing response of the API. */
export const ErrorDetailSchema = z.object({
  field: z.string().optional(),
  type: z.string(),
  message: z.string(),
})

export const ErrorSchema = z
  .object({
    status: z.number().int(),
    type: z.string(),
    message: z.string(),
    details: z.array(ErrorDetailSchema),
  })
  .meta({ id: 'Error' })

export type ErrorDetail = z.infer<typeof ErrorDetailSchema>
export type ApiError = z.infer<typeof ErrorSchema>
