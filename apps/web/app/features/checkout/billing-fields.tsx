import type { CustomerAddress } from '@shop/contracts/address'
import { useT } from '../../lib/shop.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import { AddressFields } from '../address/address-fields.tsx'
import { AddressBookPicker } from './address-book.tsx'
import { type AddressValues, type BillingValues, emptyAddress, type FieldErrors } from './fields.ts'

/**
 * Step 1's form: names and e-mail (typed twice by guests), "same as shipping", and otherwise the billing
 * address with the address book. Picking from the book and typing an address are told apart: typing
 * unselects the picked entry.
 */
export function BillingFields({
  billing,
  guest,
  errors,
  onChange,
  addresses,
  picked,
  onPick,
  onAddressChange,
  countries,
}: {
  billing: BillingValues
  guest: boolean
  errors: FieldErrors
  onChange: (next: BillingValues) => void
  addresses: CustomerAddress[]
  picked?: string
  onPick: (address: CustomerAddress) => void
  onAddressChange: (address: AddressValues) => void
  countries: Array<{ code: string; name: string }>
}) {
  const t = useT()
  const err = (key: string) => (errors[key] ? t(errors[key]) : undefined)
  return (
    <>
      <div className="form-grid">
        <TextField
          name="firstName"
          label={t('FIRST_NAME')}
          autoComplete="given-name"
          error={err('firstName')}
          value={billing.firstName}
          onChange={(v) => onChange({ ...billing, firstName: v })}
        />
        <TextField
          name="lastName"
          label={t('LAST_NAME')}
          autoComplete="family-name"
          error={err('lastName')}
          value={billing.lastName}
          onChange={(v) => onChange({ ...billing, lastName: v })}
        />
        <TextField
          name="email"
          type="email"
          label={t('EMAIL')}
          autoComplete="email"
          error={err('email')}
          value={billing.email}
          onChange={(v) => onChange({ ...billing, email: v })}
          wide
        />
        {guest ? (
          <TextField
            name="emailConfirm"
            type="email"
            label={t('EMAIL_CONFIRM')}
            autoComplete="email"
            error={err('emailConfirm')}
            value={billing.emailConfirm}
            onChange={(v) => onChange({ ...billing, emailConfirm: v })}
            wide
          />
        ) : null}
      </div>
      <label className="checkout-checkbox">
        <input
          type="checkbox"
          checked={billing.sameAsShipping}
          onChange={(e) =>
            // Unticking clears billing but keeps the country (behaviour notes).
            onChange({
              ...billing,
              sameAsShipping: e.target.checked,
              address: emptyAddress(billing.address.country),
            })
          }
        />{' '}
        {t('SAME_AS_SHIPPING')}
      </label>
      {billing.sameAsShipping ? null : (
        <fieldset className="address-block">
          <legend>{t('BILLING_ADDRESS')}</legend>
          <AddressBookPicker addresses={addresses} selected={picked} onPick={onPick} />
          <AddressFields
            section="billing"
            value={billing.address}
            onChange={onAddressChange}
            countries={countries}
            error={(field) => err(`billing.${field}`)}
          />
        </fieldset>
      )}
    </>
  )
}
