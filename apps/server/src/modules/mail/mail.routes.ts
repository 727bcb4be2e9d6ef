import { mailApi } from '@shop/contracts/mail'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../platform/http/context.ts'
import { notFound } from '../../platform/http/errors.ts'
import { isLocalRequest } from '../../platform/http/local.ts'
import { route } from '../../platform/http/route.ts'
import { listMessages } from './mail.repository.ts'
import { mailQueue, runMailWorker } from './mail.service.ts'

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/**
 * Development mailbox: GET /api/dev/mailbox lists the mail queue while no SMTP_URL is set (the mail goes nowhere
 * else then) as JSON, or as a page with `?view=html`. Off in production and for any client not on this machine
 * (404). Every process delivers the queue (mail.service `runMailWorker`).
 */
export function mailRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    runMailWorker(app, ctx)
    route(app, mailApi.ownerQueue, async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      return mailQueue(ctx, request.query)
    })
    route(app, mailApi.mailbox, async (request, reply) => {
      if (ctx.config.production || !isLocalRequest(request)) throw notFound('Mailbox')
      const mails = (ctx.config.smtpUrl ? [] : await listMessages(ctx.db)).map((m) => ({
        id: m.id,
        to: m.recipient,
        subject: m.subject,
        text: m.text_body,
        html: m.html_body,
        created: m.created_at,
      }))
      void reply.header('cache-control', 'no-store')
      if (request.query.view === 'json') return { mails }
      const items = mails
        .map(
          (m) =>
            `<article><h2>${escapeHtml(m.subject)}</h2><p>To ${escapeHtml(m.to)} · ${escapeHtml(m.created)}</p><pre>${escapeHtml(m.text).replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>')}</pre></article>`,
        )
        .join('')
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title></head><body><h1>Development mailbox</h1>${items || '<p>No mail yet.</p>'}</body></html>`,
        )
    })
  }
}
