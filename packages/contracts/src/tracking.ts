import { z } from 'zod'
import { IdSchema } from './common.ts'
import { CONSENT_REFERENCE_HEADER, ConsentReferenceIdSchema } from './consent.ts'
import { endpoint, errors } from './endpoint.ts'
import { TRACK_EVENTS } from './routes.ts'

/** At most this many events per call; the storefront sends its queue in batches of this size. */
export const MAX_TRACKING_BATCH = 50
/** Largest tracking call body in bytes (50 events with long paths fit). */
export const MAX_TRACKING_BODY_BYTES = 128 * 1024

/** An id the browser gives each event, so a resent event is stored once. */
const EventIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8–64 URL-safe characters')

const common = {
  id: EventIdSchema,
  occurredAt: z.iso.datetime({ offset: true }),
}

export const PageViewEventSchema = z
  .object({
    ...common,
    type: z.literal('pageView'),
    /** Path and query of the page, without origin or fragment. */
    path: z.string().min(1).max(2048).startsWith('/'),
  })
  .strict()

export const AddToCartEventSchema = z
  .object({
    ...common,
    type: z.literal('addToCart'),
    productId: IdSchema,
    variantId: IdSchema.optional(),
    quantity: z.number().int().min(1).max(9999),
  })
  .strict()

export const TrackingEventSchema = z
  .discriminatedUnion('type', [PageViewEventSchema, AddToCartEventSchema])
  .meta({ id: 'TrackingEvent' })

export const TrackingBatchSchema = z
  .object({ events: z.array(TrackingEventSchema).min(1).max(MAX_TRACKING_BATCH) })
  .strict()
  .meta({ id: 'TrackingBatch' })

export const TrackingHeadersSchema = z.object({ [CONSENT_REFERENCE_HEADER]: ConsentReferenceIdSchema })

/** `stored`: events new to the shop; `duplicates`: events it already had (a resend). */
export const TrackingResultSchema = z
  .object({ stored: z.number().int(), duplicates: z.number().int() })
  .meta({ id: 'TrackingResult' })

export type TrackingEvent = z.infer<typeof TrackingEventSchema>
export type TrackingBatch = z.infer<typeof TrackingBatchSchema>
export type TrackingResult = z.infer<typeof TrackingResultSchema>

/** Spec §7 "POST tracking events with consent-reference header". */
export const trackingApi = {
  events: endpoint({
    ...TRACK_EVENTS,
    tags: ['tracking'],
    headers: TrackingHeadersSchema,
    body: TrackingBatchSchema,
    responses: { 202: TrackingResultSchema, ...errors(400, 403, 413) },
  }),
}
