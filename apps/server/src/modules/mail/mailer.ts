import { randomUUID } from 'node:crypto'
import nodemailer from 'nodemailer'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { insertOutbox } from './mail.repository.ts'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
}

/** Sends the shop's mail. SMTP when SMTP_URL is set; otherwise the outbox table (development mailbox). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox'
  send(mail: Mail): Promise<void>
}

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url)
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
    },
  }
}

/** Keeps mail in the `outbox` table; GET /api/dev/mailbox shows it outside production. */
export function outboxMailer(db: Db): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await insertOutbox(db, {
        id: randomUUID(),
        recipient: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html ?? null,
        created_at: new Date().toISOString(),
      })
    },
  }
}

const mailers = new WeakMap<Config, Mailer>()

/** One mailer per configuration (per app instance). */
export function mailerFor(config: Config, db: Db): Mailer {
  let mailer = mailers.get(config)
  if (!mailer) {
    mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(db)
    mailers.set(config, mailer)
  }
  return mailer
}
