import type { AppContext } from '../../platform/http/context.ts'
import { mailFrom } from '../site/shop-settings.service.ts'
import { claim, dueMessages, type MailRow, settle } from './mail.repository.ts'
import { isPermanent, type Transport, transportFor } from './mail.transport.ts'

type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>

export interface MailWorker {
  /** Look for due mail now (after a transaction that queued some has committed). */
  wake(): void
  /** No new deliveries; resolves when the one under way has ended, or after `timeoutMs` (its lease then lets
   * another process, or this one after a restart, send it). */
  stop(timeoutMs?: number): Promise<void>
}

const BATCH = 20
const POLL_MS = 2000
const MAX_BACKOFF_MS = 60 * 60 * 1000

/**
 * Delivers the queue (docs/decisions/0026-mail-queue.md), in every process: every POLL_MS and whenever woken,
 * it takes due mail one by one with a lease of MAIL_LEASE_SECONDS, sends it, and marks it sent (only once the
 * SMTP server accepted it), or schedules a retry (MAIL_RETRY_SECONDS doubling, at most an hour apart), or,
 * after MAIL_MAX_ATTEMPTS or a final 5xx refusal, marks it failed for the owner to see.
 */
export function startMailWorker(ctx: Ctx, transport: Transport = transportFor(ctx.config)): MailWorker {
  let stopped = false
  let again = false
  let running: Promise<void> | undefined

  const deliverOne = async (row: MailRow, from: string) => {
    const lockedUntil = new Date(Date.now() + ctx.config.mailLeaseSeconds * 1000).toISOString()
    if (!(await claim(ctx.db, row, lockedUntil))) return
    const attempt = row.attempts + 1
    try {
      await transport.deliver(row, from)
      await settle(ctx.db, row.id, lockedUntil, {
        status: 'sent',
        transport: transport.kind,
        at: new Date().toISOString(),
      })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const final = isPermanent(error) || attempt >= ctx.config.mailMaxAttempts
      ctx.log.warn({ err: error, mailId: row.id, attempt, final }, 'mail delivery failed')
      const backoff = Math.min(ctx.config.mailRetrySeconds * 1000 * 2 ** (attempt - 1), MAX_BACKOFF_MS)
      await settle(
        ctx.db,
        row.id,
        lockedUntil,
        final
          ? { status: 'failed', error: message }
          : {
              status: 'pending',
              error: message,
              nextAttemptAt: new Date(Date.now() + backoff).toISOString(),
            },
      )
    }
  }

  const drain = async () => {
    for (;;) {
      const rows = await dueMessages(ctx.db, new Date().toISOString(), BATCH)
      // The sender as the owner's settings have it now (docs/decisions/0067), read once per batch of mail.
      const from = rows.length > 0 ? await mailFrom(ctx.db, ctx.config.mailFrom) : ctx.config.mailFrom
      for (const row of rows) {
        if (stopped) return
        await deliverOne(row, from)
      }
      if (rows.length < BATCH) return
    }
  }

  const wake = () => {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = (async () => {
      do {
        again = false
        await drain()
      } while (again && !stopped)
    })()
      .catch((error) => ctx.log.error({ err: error }, 'mail worker failed; retried at the next poll'))
      .finally(() => {
        running = undefined
      })
  }

  const timer = setInterval(wake, POLL_MS)
  timer.unref()
  wake()
  return {
    wake,
    async stop(timeoutMs = 10_000) {
      stopped = true
      clearInterval(timer)
      let timeout: NodeJS.Timeout | undefined
      await Promise.race([running, new Promise((resolve) => (timeout = setTimeout(resolve, timeoutMs)))])
      clearTimeout(timeout)
    },
  }
}
