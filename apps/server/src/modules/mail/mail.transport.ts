import type { Config } from '../../platform/config.ts'
import type { MailRow } from './mail.repository.ts'

/** A mail as the templates make it. */
export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
}

/**
 * Where queued mail goes: SMTP when SMTP_URL is set; otherwise nowhere but the queue itself, which the
 * development mailbox (/api/dev/mailbox) shows. `deliver` resolves only when the server accepted the mail.
 */
export interface Transport {
  readonly kind: 'smtp' | 'mailbox'
  /** `from`: the From header at the time of sending (the owner's sender, else MAIL_FROM). */
  deliver(mail: MailRow, from: string): Promise<void>
}

/** A refusal the SMTP server says is final (5xx): retrying cannot help. */
export const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown })?.responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

export function transportFor(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Transport {
  if (!config.smtpUrl) return { kind: 'mailbox', deliver: async () => {} }
  // nodemailer is loaded for an SMTP transport only (docs/decisions/0090): a shop that keeps its mail in the
  // queue never loads it.
  const url = config.smtpUrl
  const smtp = import('nodemailer').then((module) => module.default.createTransport(url))
  // A module that failed to load fails each delivery with its error (retried as any failure), not the process.
  smtp.catch(() => undefined)
  const domain = config.mailFrom.match(/@([^>\s]+)/)?.[1] ?? 'shop.invalid'
  return {
    kind: 'smtp',
    async deliver(mail, from) {
      await (await smtp).sendMail({
        from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body ?? undefined,
        // One Message-ID per queued mail: a mail sent again after a crash between the server's "accepted" and
        // our "sent" is recognisably the same message.
        messageId: `<${mail.id}@${domain}>`,
      })
    },
  }
}
