import type { CustomerAddressInput } from '@shop/contracts/address'
import type { MessageKey } from '../../i18n/index.ts'
import { isApiError } from '../../lib/api.ts'
import type { ShopSession } from '../../lib/context.server.ts'

export interface AccountActionResult {
  intent: string
  ok: boolean
  error?: MessageKey
  /** Server messages of a 401/403/404/409, or the detail list of a 400 (spec §8 addresses). */
  messages?: string[]
  fieldErrors?: Record<string, string>
  email?: string
}

function addressFrom(form: FormData): CustomerAddressInput {
  const text = (name: string) => String(form.get(name) ?? '').trim()
  const optional = (name: string) => text(name) || undefined
  return {
    contactName: text('contactName'),
    companyName: optional('companyName'),
    street: text('street'),
    streetAppendix: optional('streetAppendix'),
    city: text('city'),
    state: optional('state'),
    zipCode: text('zipCode'),
    country: text('country'),
    contactPhone: optional('contactPhone'),
    ...(form.get('isDefault') === 'on' || form.get('isDefault') === 'true' ? { isDefault: true } : {}),
  }
}

/** Spec §8 addresses: 400 shows the details, 401/403/404/409 the server message, 5xx the fallback. */
function addressFailure(intent: string, error: unknown, fallback: MessageKey): AccountActionResult {
  if (isApiError(error, 400)) {
    const fieldErrors: Record<string, string> = {}
    for (const d of error.body.details) fieldErrors[(d.field ?? '').replace(/^body\./, '')] = d.message
    return {
      intent,
      ok: false,
      messages: error.body.details.map((d) => `${d.field}: ${d.message}`),
      fieldErrors,
    }
  }
  if (isApiError(error) && [401, 403, 404, 409].includes(error.status))
    return { intent, ok: false, messages: [error.body.message] }
  return { intent, ok: false, error: fallback }
}

export async function accountAction(session: ShopSession, form: FormData): Promise<AccountActionResult> {
  const { api } = session
  const intent = String(form.get('intent') ?? '')
  const text = (name: string) => String(form.get(name) ?? '').trim()
  switch (intent) {
    case 'name': {
      const title = text('title')
      await api.updateMe({
        title: (['', 'MR', 'MS', 'MRS', 'DR'] as const).find((v) => v === title) ?? '',
        firstName: text('firstName'),
        middleName: text('middleName'),
        lastName: text('lastName'),
      })
      return { intent, ok: true }
    }
    case 'email': {
      const email = text('email')
      try {
        await api.requestEmailChange(email, String(form.get('password') ?? ''))
        return { intent, ok: true, email }
      } catch (error) {
        if (isApiError(error, 401)) return { intent, ok: false, error: 'EDIT_EMAIL_PASSWORD_NOT_CORRECT' }
        if (isApiError(error, 409)) return { intent, ok: false, error: 'EDIT_EMAIL_ALREADY_IN_USE' }
        return { intent, ok: false, error: 'EDIT_EMAIL_SOMETHING_WENT_WRONG' }
      }
    }
    case 'password': {
      const newPassword = String(form.get('newPassword') ?? '')
      if (newPassword !== form.get('confirm')) return { intent, ok: false, error: 'FIELDS_NOT_MATCHING' }
      try {
        const me = await api.me()
        await api.changePassword({
          currentPassword: String(form.get('currentPassword') ?? ''),
          newPassword,
          email: me.contactEmail,
        })
        return { intent, ok: true }
      } catch (error) {
        if (isApiError(error, 401)) return { intent, ok: false, error: 'WRONG_CURRENT_PASSWORD' }
        if (isApiError(error, 400) && error.body.details.some((d) => /password$/i.test(d.field ?? '')))
          return { intent, ok: false, error: 'PASSWORD_INVALID' }
        return { intent, ok: false, error: 'PW_CHANGE_FAILED' }
      }
    }
    case 'deletion': {
      try {
        await api.requestDeletion()
        return { intent, ok: true }
      } catch {
        return { intent, ok: false, error: 'SERVER_UNAVAILABLE' }
      }
    }
    case 'address-save': {
      const id = text('addressId')
      try {
        if (id) await api.updateAddress(id, addressFrom(form))
        else await api.addAddress(addressFrom(form))
        return { intent, ok: true }
      } catch (error) {
        return addressFailure(intent, error, 'SAVE_ADDRESS_ERROR')
      }
    }
    case 'address-delete': {
      try {
        await api.removeAddress(text('addressId'))
        return { intent, ok: true }
      } catch (error) {
        return addressFailure(intent, error, 'REMOVE_ADDRESS_ERROR')
      }
    }
    case 'address-default': {
      try {
        const current = (await api.addresses(200)).items.find((a) => a.id === text('addressId'))
        if (!current) return { intent, ok: false, error: 'UPDATE_DEFAULT_ADDRESS_ERROR' }
        const { id, isDefault: _, ...rest } = current
        await api.updateAddress(id, { ...rest, isDefault: true })
        return { intent, ok: true }
      } catch (error) {
        return addressFailure(intent, error, 'UPDATE_DEFAULT_ADDRESS_ERROR')
      }
    }
    case 'cancel-order': {
      try {
        await api.cancelOrder(text('orderId'))
        return { intent, ok: true }
      } catch {
        return { intent, ok: false, error: 'ORDER_CANCEL_ERROR' }
      }
    }
    default:
      return { intent, ok: false, error: 'SERVER_UNAVAILABLE' }
  }
}
