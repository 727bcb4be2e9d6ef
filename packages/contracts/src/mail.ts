import { z } from 'zod'
import { endpoint, errors } from './endpoint.ts'

/** A mail of the development outbox (the mail the shop sent while no SMTP_URL is set). */
export const OutboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  created: z.string(),
})

export const MailboxQuerySchema = z.object({ view: z.enum(['json', 'html']).default('json') })

export type OutboxMail = z.infer<typeof OutboxMailSchema>

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const

/** A mail of the queue as the owner sees it: where it goes and how its delivery stands, never its body. */
export const QueuedMailSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    status: z.enum(MAIL_STATUSES),
    attempts: z.number().int(),
    nextAttempt: z.string(),
    lastError: z.string().nullable(),
    created: z.string(),
    sent: z.string().nullable(),
  })
  .meta({ id: 'QueuedMail' })

export const MailQueueQuerySchema = z.object({
  status: z.enum(MAIL_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
})

export const MailQueueSchema = z
  .object({
    /** Mail not yet accepted by the SMTP server, being sent now, or given up on. */
    counts: z.object({ pending: z.number().int(), sending: z.number().int(), failed: z.number().int() }),
    mails: z.array(QueuedMailSchema),
  })
  .meta({ id: 'MailQueue' })

export type MailQueue = z.infer<typeof MailQueueSchema>

export const mailApi = {
  /** The owner's view of the mail queue (docs/decisions/0026-mail-queue.md): what waits or failed, newest first. */
  ownerQueue: endpoint({
    method: 'GET',
    path: '/api/owner/mail',
    tags: ['owner'],
    security: 'bearer',
    query: MailQueueQuerySchema,
    responses: { 200: MailQueueSchema, ...errors(400, 401, 403) },
  }),
  /**
   * Development mailbox: the outbox as JSON, or as a page with `?view=html`. Off in production and for any
   * client not on this machine (404); never in the OpenAPI document.
   */
  mailbox: endpoint({
    method: 'GET',
    path: '/api/dev/mailbox',
    tags: ['mail'],
    hide: true,
    query: MailboxQuerySchema,
    responses: {
      200: {
        description: 'The outbox, newest first: JSON with view=json, an HTML page with view=html',
        content: {
          'application/json': z.object({ mails: z.array(OutboxMailSchema) }),
          'text/html': z.string(),
        },
      },
      ...errors(400, 404),
    },
  }),
}
