/** A real SMTP server on loopback that keeps what the shop sends, for journeys that follow mailed links. */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

let counter = 0
/** An address no earlier run has used. */
export const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}.${counter++}@example.com`

interface Mail {
  to: string[]
  raw: string
}

export async function startSmtp() {
  const inbox: Mail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.server.address() as AddressInfo).port,
    /** The storefront link of the newest mail to `to`, waiting for it to arrive. */
    async linkFor(to: string, path: string): Promise<URL> {
      for (let i = 0; i < 100; i++) {
        const mail = inbox.findLast((m) => m.to.includes(to))
        const text = mail?.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
        const match = text?.match(new RegExp(`https?://[^\\s"<]+${path.replace(/[/?]/g, '\\$&')}[^\\s"<]*`))
        if (match) return new URL(match[0])
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error(`no mail with ${path} to ${to}`)
    },
    /** The newest mail to `to` as text: encoded-word headers and quoted-printable undone. */
    async textFor(to: string): Promise<string> {
      for (let i = 0; i < 100; i++) {
        const mail = inbox.findLast((m) => m.to.includes(to))
        if (mail) return decodeMail(mail.raw)
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error(`no mail to ${to}`)
    },
    /** How many mails reached `to` (holding `text` in their raw form, when given). */
    count: (to: string, text?: string) =>
      inbox.filter((m) => m.to.includes(to) && (text === undefined || m.raw.includes(text))).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function decodeMail(raw: string): string {
  const qp = (text: string) =>
    Buffer.from(
      text.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    ).toString('utf8')
  const split = raw.search(/\r?\n\r?\n/)
  const head = raw
    .slice(0, split)
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?Q\?([^?]*)\?=/gi, (_, text: string) => qp(text.replace(/_/g, ' ')))
  return head + qp(raw.slice(split).replace(/=\r?\n/g, ''))
}
