import type { CustomerAddress } from '@shop/contracts/address'
import { useId, useState } from 'react'
import { useShop, useT } from '../../lib/shop.ts'
import { Field } from '../auth/sign-in-dialog.tsx'
import { CA_PROVINCES, COUNTRIES, countryName, templateOf, US_STATES } from './countries.ts'

/**
 * The address form with its country templates. Changing the country swaps the template and blanks every
 * field except the contact name (behaviour notes). Field errors come from the action (server details).
 */
export function AddressFields({
  address,
  errors = {},
}: {
  address?: CustomerAddress
  errors?: Record<string, string>
}) {
  const t = useT()
  const { language } = useShop()
  const [country, setCountry] = useState(address?.country ?? 'US')
  const [generation, setGeneration] = useState(0)
  const template = templateOf(country)
  const countryId = useId()
  const stateId = useId()
  const keep = generation === 0 ? address : undefined
  const states = template === 'US' ? US_STATES : template === 'CA' ? CA_PROVINCES : null
  return (
    <div className="form-grid">
      <div className="field field--wide">
        <label className="field__label" htmlFor={countryId}>
          {t('COUNTRY')}
        </label>
        <select
          id={countryId}
          name="country"
          value={country}
          onChange={(event) => {
            setCountry(event.target.value)
            setGeneration((g) => g + 1)
          }}
        >
          {COUNTRIES.map((code) => (
            <option key={code} value={code}>
              {countryName(code, language)}
            </option>
          ))}
        </select>
      </div>
      <div className="field--wide">
        <Field
          name="contactName"
          label={t('CONTACT_NAME')}
          defaultValue={address?.contactName}
          autoComplete="name"
          minLength={2}
          error={errors.contactName}
        />
      </div>
      <div key={`a${generation}`} className="field--wide form-grid">
        <Field
          name="companyName"
          label={t('COMPANY')}
          required={false}
          defaultValue={keep?.companyName}
          autoComplete="organization"
        />
        <Field
          name="street"
          label={t('STREET')}
          defaultValue={keep?.street}
          autoComplete="address-line1"
          minLength={2}
          error={errors.street}
        />
        <Field
          name="streetAppendix"
          label={t('STREET_APPENDIX')}
          required={false}
          defaultValue={keep?.streetAppendix}
          autoComplete="address-line2"
        />
        <Field
          name="city"
          label={t('CITY')}
          defaultValue={keep?.city}
          autoComplete="address-level2"
          minLength={2}
          error={errors.city}
        />
        {states ? (
          <div className="field">
            <label className="field__label" htmlFor={stateId}>
              {template === 'CA' ? t('PROVINCE') : t('US_STATE')}
            </label>
            <select
              id={stateId}
              name="state"
              required
              defaultValue={keep?.state ?? ''}
              aria-invalid={errors.state ? true : undefined}
            >
              <option value="" />
              {states.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
        ) : template === 'DEFAULT' ? (
          <Field
            name="state"
            label={t('STATE_OPTIONAL')}
            required={false}
            defaultValue={keep?.state}
            autoComplete="address-level1"
          />
        ) : null}
        <Field
          name="zipCode"
          label={template === 'US' || template === 'DEFAULT' ? t('ZIP') : t('POSTAL_CODE')}
          defaultValue={keep?.zipCode}
          autoComplete="postal-code"
          minLength={2}
          error={errors.zipCode}
        />
        <Field
          name="contactPhone"
          label={t('PHONE')}
          type="tel"
          required={false}
          defaultValue={keep?.contactPhone}
          autoComplete="tel"
        />
      </div>
    </div>
  )
}

export function formatAddressLines(
  a: {
    contactName: string
    companyName?: string
    street: string
    streetAppendix?: string
    city: string
    state?: string
    zipCode: string
    country: string
  },
  language: string,
): string[] {
  return [
    a.contactName,
    a.companyName ?? '',
    a.street,
    a.streetAppendix ?? '',
    `${a.city}${a.state ? `, ${a.state}` : ''} ${a.zipCode}`,
    countryName(a.country, language),
  ].filter(Boolean)
}
