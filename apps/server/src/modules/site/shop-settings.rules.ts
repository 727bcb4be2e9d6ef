/**
 * The shop's settings as the owner sets them (docs/decisions/0067-staff-sites-and-tax.md) and what applies where one
 * is not set. Pure rules.
 */

/** Spec §2 and §9: the contact phone shown until the owner sets one (the storefront's catalogues have the same). */
export const DEFAULT_CONTACT_PHONE = '+1 (800) 555-0142'

export interface StoredShopSettings {
  contactPhone: string | null
  mailFromName: string | null
  mailFromAddress: string | null
  logoUrl: string | null
  iconUrl: string | null
}

/** The row name of each setting (table `shop_settings`, migration 0036). */
export const SETTING_NAMES: Record<keyof StoredShopSettings, string> = {
  contactPhone: 'contact_phone',
  mailFromName: 'mail_from_name',
  mailFromAddress: 'mail_from_address',
  logoUrl: 'logo_url',
  iconUrl: 'icon_url',
}

export const NO_SETTINGS: StoredShopSettings = {
  contactPhone: null,
  mailFromName: null,
  mailFromAddress: null,
  logoUrl: null,
  iconUrl: null,
}

/** `"Shop" <shop@example.com>` → name and address; a bare address has no name. */
export function parseMailbox(value: string): { name: string; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(value)
  return match ? { name: match[1] ?? '', address: match[2] ?? '' } : { name: '', address: value.trim() }
}

/**
 * The mails' From header: the owner's name and address, each falling back to the one of MAIL_FROM. Nothing set:
 * MAIL_FROM exactly as configured. The name was checked to hold no quote, angle bracket or line break.
 */
export function mailSender(
  settings: Pick<StoredShopSettings, 'mailFromName' | 'mailFromAddress'>,
  mailFrom: string,
) {
  if (settings.mailFromName === null && settings.mailFromAddress === null) return mailFrom
  const configured = parseMailbox(mailFrom)
  const name = settings.mailFromName ?? configured.name
  const address = settings.mailFromAddress ?? configured.address
  return name ? `"${name}" <${address}>` : address
}
