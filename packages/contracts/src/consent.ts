import { z } from 'zod'
import { endpoint, errors, noContent } from './endpoint.ts'
import { CREATE_CONSENT_REFERENCE } from './routes.ts'

/** Spec §7: tracking calls carry the shopper's consent reference in this header. */
export const CONSENT_REFERENCE_HEADER = 'consent-reference'

/** Spec §3 "consent reference" cookie; readable by the storefront's script, which sends it as the header. */
export const CONSENT_COOKIE = 'shop_consent'
/** The cookie's value after the shopper declined; never a valid reference. */
export const CONSENT_DECLINED = 'declined'

/**
 * §9 names no lifetime for the consent cookie; ours (docs/decisions/0010): 180 days, for the cookie, the
 * remembered decline and the reference on the server alike. After it the banner asks again.
 */
export const CONSENT_LIFETIME_SECONDS = 180 * 24 * 60 * 60

/** A consent reference: 32 random URL-safe characters (192 bits), unguessable. */
export const ConsentReferenceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{32}$/, 'a consent reference of 32 URL-safe characters')

/** What the shopper agreed to; only tracking exists today. */
export const ConsentPurposeSchema = z.enum(['tracking'])

export const CreateConsentReferenceSchema = z
  .object({ purposes: z.array(ConsentPurposeSchema).min(1).max(5).optional() })
  .strict()
  .meta({ id: 'CreateConsentReference' })

export const ConsentReferenceSchema = z
  .object({
    id: ConsentReferenceIdSchema,
    purposes: z.array(ConsentPurposeSchema),
    createdAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'ConsentReference' })

export const ConsentReferenceParamsSchema = z.object({ id: ConsentReferenceIdSchema })

export type CreateConsentReference = z.infer<typeof CreateConsentReferenceSchema>
export type ConsentReference = z.infer<typeof ConsentReferenceSchema>

/**
 * Spec §7 "POST consent references". No sign-in needed: consent belongs to the browser, not to an account,
 * and the reference is not linked to a customer or token (docs/decisions/0010).
 */
export const consentApi = {
  createReference: endpoint({
    ...CREATE_CONSENT_REFERENCE,
    tags: ['consent'],
    body: CreateConsentReferenceSchema.nullish(),
    responses: { 201: ConsentReferenceSchema, ...errors(400) },
  }),
  withdrawReference: endpoint({
    method: 'DELETE',
    path: '/api/consent/consentReferences/:id',
    tags: ['consent'],
    params: ConsentReferenceParamsSchema,
    responses: { 204: noContent('Consent withdrawn; its events are deleted'), ...errors(400, 404) },
  }),
}
