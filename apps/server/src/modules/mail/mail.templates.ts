import type { Mail } from '../../platform/mail/mailer.ts'

/** The shop's transactional mails. Links point at the storefront screens of spec §2. */
const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

function mail(to: string, subject: string, lines: string[], link: string, action: string): Mail {
  const text = `${lines.join('\n\n')}\n\n${action}: ${link}\n`
  const html = `<!doctype html><html><body>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p></body></html>`
  return { to, subject, text, html }
}

export const storefrontLinks = {
  passwordReset: (publicUrl: string, token: string) =>
    `${publicUrl}/reset-password/update?token=${encodeURIComponent(token)}`,
  emailChange: (publicUrl: string, token: string) =>
    `${publicUrl}/change-email/confirm?token=${encodeURIComponent(token)}`,
  accountDeletion: (publicUrl: string, token: string) =>
    `${publicUrl}/delete-account?token=${encodeURIComponent(token)}`,
}

export function passwordResetMail(to: string, link: string): Mail {
  return mail(
    to,
    'Reset your password',
    [
      'Someone asked to reset the password of your account. If it was you, set a new password with the link below; it works once, within one hour.',
      'If it was not you, ignore this mail: your password stays as it is.',
    ],
    link,
    'Set a new password',
  )
}

export function emailChangeMail(to: string, link: string): Mail {
  return mail(
    to,
    'Confirm your new e-mail address',
    [
      'Please confirm that this is the new e-mail address of your account. The link works once, within 24 hours.',
      'If you did not ask for this change, ignore this mail.',
    ],
    link,
    'Confirm the new address',
  )
}

export function accountDeletionMail(to: string, link: string): Mail {
  return mail(
    to,
    'Confirm the deletion of your account',
    [
      'You asked to delete your account. Confirm with the link below (it works once, within one hour). Your personal data will be erased; orders are kept as the law requires for accounting.',
      'If you did not ask for this, ignore this mail and consider changing your password.',
    ],
    link,
    'Delete my account',
  )
}
