import { acceptedLanguages } from '../../platform/http/accept-language.ts'
/**
 * Texts of the shop's mails in en and de (spec §9: default language en; available en and de). The storefront's
 * catalogues (apps/web/app/i18n) are for pages; mails are written on the server, so their texts live here.
 * de has exactly the keys of en (the type says so).
 */
export const MAIL_LANGUAGES = ['en', 'de'] as const
export type MailLanguage = (typeof MAIL_LANGUAGES)[number]

const en = {
  RESET_SUBJECT: 'Reset your password',
  RESET_LINE_1:
    'Someone asked to reset the password of your account. If it was you, set a new password with the link below; it works once, within one hour.',
  RESET_LINE_2: 'If it was not you, ignore this mail: your password stays as it is.',
  RESET_ACTION: 'Set a new password',
  EMAIL_CHANGE_SUBJECT: 'Confirm your new e-mail address',
  EMAIL_CHANGE_LINE_1:
    'Please confirm that this is the new e-mail address of your account. The link works once, within 24 hours.',
  EMAIL_CHANGE_LINE_2: 'If you did not ask for this change, ignore this mail.',
  EMAIL_CHANGE_ACTION: 'Confirm the new address',
  DELETION_SUBJECT: 'Confirm the deletion of your account',
  DELETION_LINE_1:
    'You asked to delete your account. Confirm with the link below (it works once, within one hour). Your personal data will be erased; orders are kept as the law requires for accounting.',
  DELETION_LINE_2: 'If you did not ask for this, ignore this mail and consider changing your password.',
  DELETION_ACTION: 'Delete my account',
  ORDER_SUBJECT: 'Your order {id}',
  ORDER_GREETING: 'Hello {name},',
  ORDER_GREETING_ANONYMOUS: 'Hello,',
  ORDER_THANKS: 'thank you for your order! We have received it and will let you know when it ships.',
  ORDER_NUMBER: 'Order number',
  ORDER_ITEMS: 'Items',
  ORDER_ITEM_COUNT_ONE: '1 item',
  ORDER_ITEM_COUNT: '{count} items',
  SUBTOTAL: 'Subtotal',
  DISCOUNT: 'Discount',
  DISCOUNT_WITH_CODE: 'Discount ({code})',
  FEES: 'Fees',
  TAX: 'Tax',
  TAX_INCLUDED: 'incl. {label}',
  SHIPPING: 'Shipping',
  TOTAL: 'Total',
  SHIPPING_ADDRESS: 'Shipping address',
  ORDER_VIEW: 'View your order',
  CONTACT: 'Questions about your order? Call us: {phone}',
  REFUND_SUBJECT: 'A refund for your order {id}',
  REFUND_LINE:
    'we have refunded {amount} of your order {id} to your card ({brand} ending in {last4}). Depending on your bank it shows on your statement within a few days.',
  REFUND_ITEMS: 'Refunded items',
  REFUND_REASON: 'Reason',
  REFUND_TOTAL: 'Refunded so far',
  INVITE_SUBJECT: 'You are invited to the back office',
  INVITE_LINE_1: '{inviter} invites you to run the shop with them, as {role}.',
  INVITE_LINE_2:
    'Open the link within 7 days, sign in with this e-mail address (or create an account with it) and accept. If you did not expect this, ignore this mail.',
  INVITE_ACTION: 'Accept the invitation',
  ROLE_OWNER: 'an owner (everything, including settings and staff)',
  ROLE_CATALOGUE: 'catalogue staff (products, prices, stock, categories, the shop window)',
  ROLE_ORDERS: 'order staff (orders, refunds, shipping them)',
}

export type MailTextKey = keyof typeof en

const de: Record<MailTextKey, string> = {
  RESET_SUBJECT: 'Passwort zurücksetzen',
  RESET_LINE_1:
    'Jemand möchte das Passwort Ihres Kontos zurücksetzen. Wenn Sie das waren, legen Sie mit dem folgenden Link ein neues Passwort fest; er gilt einmal und eine Stunde lang.',
  RESET_LINE_2: 'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  RESET_ACTION: 'Neues Passwort festlegen',
  EMAIL_CHANGE_SUBJECT: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
  EMAIL_CHANGE_LINE_1:
    'Bitte bestätigen Sie, dass dies die neue E-Mail-Adresse Ihres Kontos ist. Der Link gilt einmal und 24 Stunden lang.',
  EMAIL_CHANGE_LINE_2: 'Wenn Sie diese Änderung nicht angefordert haben, ignorieren Sie diese E-Mail.',
  EMAIL_CHANGE_ACTION: 'Neue Adresse bestätigen',
  DELETION_SUBJECT: 'Bestätigen Sie die Löschung Ihres Kontos',
  DELETION_LINE_1:
    'Sie möchten Ihr Konto löschen. Bestätigen Sie mit dem folgenden Link (er gilt einmal und eine Stunde lang). Ihre persönlichen Daten werden gelöscht; Bestellungen bleiben, wie es das Gesetz für die Buchhaltung verlangt.',
  DELETION_LINE_2:
    'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail und ändern Sie am besten Ihr Passwort.',
  DELETION_ACTION: 'Mein Konto löschen',
  ORDER_SUBJECT: 'Ihre Bestellung {id}',
  ORDER_GREETING: 'Hallo {name},',
  ORDER_GREETING_ANONYMOUS: 'Hallo,',
  ORDER_THANKS:
    'vielen Dank für Ihre Bestellung! Wir haben sie erhalten und melden uns, sobald sie verschickt wird.',
  ORDER_NUMBER: 'Bestellnummer',
  ORDER_ITEMS: 'Artikel',
  ORDER_ITEM_COUNT_ONE: '1 Artikel',
  ORDER_ITEM_COUNT: '{count} Artikel',
  SUBTOTAL: 'Zwischensumme',
  DISCOUNT: 'Rabatt',
  DISCOUNT_WITH_CODE: 'Rabatt ({code})',
  FEES: 'Gebühren',
  TAX: 'Steuer',
  TAX_INCLUDED: 'inkl. {label}',
  SHIPPING: 'Versand',
  TOTAL: 'Gesamt',
  SHIPPING_ADDRESS: 'Lieferadresse',
  ORDER_VIEW: 'Bestellung ansehen',
  CONTACT: 'Fragen zu Ihrer Bestellung? Rufen Sie uns an: {phone}',
  REFUND_SUBJECT: 'Eine Erstattung zu Ihrer Bestellung {id}',
  REFUND_LINE:
    'wir haben Ihnen {amount} Ihrer Bestellung {id} auf Ihre Karte ({brand}, endet auf {last4}) erstattet. Je nach Bank erscheint der Betrag in wenigen Tagen auf Ihrer Abrechnung.',
  REFUND_ITEMS: 'Erstattete Artikel',
  REFUND_REASON: 'Grund',
  REFUND_TOTAL: 'Bisher erstattet',
  INVITE_SUBJECT: 'Ihre Einladung in die Shop-Verwaltung',
  INVITE_LINE_1: '{inviter} lädt Sie ein, den Shop mitzuführen, als {role}.',
  INVITE_LINE_2:
    'Öffnen Sie den Link innerhalb von 7 Tagen, melden Sie sich mit dieser E-Mail-Adresse an (oder legen Sie damit ein Konto an) und nehmen Sie an. Wenn Sie nichts davon wissen, ignorieren Sie diese E-Mail.',
  INVITE_ACTION: 'Einladung annehmen',
  ROLE_OWNER: 'Inhaber (alles, auch Einstellungen und Mitarbeitende)',
  ROLE_CATALOGUE: 'Katalog-Mitarbeiter (Produkte, Preise, Bestand, Kategorien, Schaufenster)',
  ROLE_ORDERS: 'Bestell-Mitarbeiter (Bestellungen, Erstattungen, Versand)',
}

const catalogues: Record<MailLanguage, Record<MailTextKey, string>> = { en, de }

export type MailT = (key: MailTextKey, values?: Record<string, string | number>) => string

export function mailTranslator(language: MailLanguage): MailT {
  const texts = catalogues[language]
  return (key, values) =>
    values
      ? texts[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`))
      : texts[key]
}

const isMailLanguage = (value: string | null | undefined): value is MailLanguage =>
  MAIL_LANGUAGES.some((l) => l === value)

/**
 * The language of a mail: the storefront's language that the request carries (Accept-Language, which the
 * storefront always sends), else the language stored on the customer, else en.
 */
export function mailLanguage(acceptLanguage: string | undefined, stored?: string | null): MailLanguage {
  const requested = acceptedLanguages(acceptLanguage).find(isMailLanguage)
  if (requested) return requested
  return isMailLanguage(stored) ? stored : 'en'
}

/** One formatter per language and currency: building an Intl.NumberFormat loads locale data (~0.1 ms). */
const moneyFormats = new Map<string, Intl.NumberFormat>()

/** Amounts in mails (decimal amounts of the Order contract), formatted for the language. */
export function formatMailMoney(amount: number, currency: string, language: MailLanguage): string {
  const key = `${language} ${currency}`
  let format = moneyFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-US', { style: 'currency', currency })
    moneyFormats.set(key, format)
  }
  return format.format(amount)
}
