import {
  type ShopSettings,
  type ShopSettingsInput,
  ShopSettingsInputSchema,
} from '@shop/contracts/backoffice-sites'
import type { ErrorDetail } from '@shop/contracts/errors'
import type { AdminKey } from '../../i18n/admin.ts'
import type { FieldErrors } from './product-form.ts'

/**
 * The shop settings form (docs/decisions/0067-staff-sites-and-tax.md) → the staff API's body: an empty field is
 * "not set" (null, the default applies). The contract's own schema checks it first, so the page and the API
 * refuse the same things.
 */
export const SETTING_FIELDS = [
  'contactPhone',
  'mailFromName',
  'mailFromAddress',
  'logoUrl',
  'iconUrl',
] as const
type Field = (typeof SETTING_FIELDS)[number]

const MESSAGES: Record<Field, AdminKey> = {
  contactPhone: 'PHONE_INVALID',
  mailFromName: 'SENDER_NAME_INVALID',
  mailFromAddress: 'SENDER_ADDRESS_INVALID',
  logoUrl: 'IMAGE_ADDRESS_INVALID',
  iconUrl: 'IMAGE_ADDRESS_INVALID',
}

const fieldOf = (path: string): Field | undefined => SETTING_FIELDS.find((f) => f === path)

export function readSettingsForm(form: FormData): { input: ShopSettingsInput; errors: FieldErrors } {
  const input = Object.fromEntries(
    SETTING_FIELDS.map((field) => [field, String(form.get(field) ?? '').trim() || null]),
  ) as ShopSettingsInput
  const errors: FieldErrors = {}
  const checked = ShopSettingsInputSchema.safeParse(input)
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = fieldOf(String(issue.path[0] ?? ''))
      if (field) errors[field] = { key: MESSAGES[field] }
    }
  }
  return { input: checked.success ? checked.data : input, errors }
}

/** The API's 400 details → the fields. */
export function settingsErrorsFromApi(details: readonly ErrorDetail[]): FieldErrors {
  const errors: FieldErrors = {}
  for (const d of details) {
    const field = fieldOf((d.field ?? '').replace(/^body\./, '').split('.')[0] ?? '')
    if (field) errors[field] = { key: MESSAGES[field] }
  }
  return errors
}

export const settingsFormValues = (settings: ShopSettings): Record<string, string> =>
  Object.fromEntries(SETTING_FIELDS.map((field) => [field, settings[field] ?? '']))
