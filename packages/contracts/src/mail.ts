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

export const mailApi = {
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
