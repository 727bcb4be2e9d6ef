import { useId } from 'react'
import { useT } from '../../lib/shop.ts'
import { CA_PROVINCES, templateOf, US_STATES } from '../account/countries.ts'
import { type AddressValues, emptyAddress, type FieldErrors } from './fields.ts'
import { TextField } from './text-field.tsx'

/**
 * A wizard address with the country templates (US state list, CA province list, GB/DE without state, default
 * optional state). Changing the country swaps the template and blanks every field except the contact name.
 */
export function AddressFields({
  section,
  value,
  onChange,
  countries,
  errors,
}: {
  section: 'billing' | 'shipping'
  value: AddressValues
  onChange: (next: AddressValues) => void
  countries: Array<{ code: string; name: string }>
  errors: FieldErrors
}) {
  const t = useT()
  const countryId = useId()
  const stateId = useId()
  const template = templateOf(value.country)
  const states = template === 'US' ? US_STATES : template === 'CA' ? CA_PROVINCES : null
  const err = (field: string) => {
    const key = errors[`${section}.${field}`]
    return key ? t(key) : undefined
  }
  const field = (name: keyof AddressValues, label: string, autoComplete: string, optional = false) => (
    <TextField
      name={`${section}.${name}`}
      label={label}
      autoComplete={`${section} ${autoComplete}`}
      optional={optional}
      error={err(name)}
      value={value[name]}
      onChange={(v) => onChange({ ...value, [name]: v })}
      wide={name === 'street' || name === 'contactName'}
    />
  )
  return (
    <div className="form-grid">
      <div className="field field--wide">
        <label className="field__label" htmlFor={countryId}>
          {t('COUNTRY')}
        </label>
        <select
          id={countryId}
          name={`${section}.country`}
          autoComplete={`${section} country`}
          value={value.country}
          aria-invalid={Boolean(err('country'))}
          aria-describedby={err('country') ? `${countryId}-error` : undefined}
          onChange={(e) => onChange({ ...emptyAddress(e.target.value), contactName: value.contactName })}
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {err('country') ? (
          <p className="field__error" id={`${countryId}-error`}>
            {err('country')}
          </p>
        ) : null}
      </div>
      {field('contactName', t('CONTACT_NAME'), 'name')}
      {field('companyName', t('COMPANY'), 'organization', true)}
      {field('street', t('STREET'), 'address-line1')}
      {field('streetAppendix', t('STREET_APPENDIX'), 'address-line2', true)}
      {field('city', t('CITY'), 'address-level2')}
      {states ? (
        <div className="field">
          <label className="field__label" htmlFor={stateId}>
            {template === 'CA' ? t('PROVINCE') : t('US_STATE')}
          </label>
          <select
            id={stateId}
            name={`${section}.state`}
            autoComplete={`${section} address-level1`}
            value={value.state}
            aria-invalid={Boolean(err('state'))}
            aria-describedby={err('state') ? `${stateId}-error` : undefined}
            onChange={(e) => onChange({ ...value, state: e.target.value })}
          >
            <option value="" />
            {states.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          {err('state') ? (
            <p className="field__error" id={`${stateId}-error`}>
              {err('state')}
            </p>
          ) : null}
        </div>
      ) : template === 'DEFAULT' ? (
        field('state', t('STATE_OPTIONAL'), 'address-level1', true)
      ) : null}
      {field(
        'zipCode',
        template === 'US' || template === 'DEFAULT' ? t('ZIP') : t('POSTAL_CODE'),
        'postal-code',
      )}
      {field('contactPhone', t('PHONE'), 'tel', true)}
    </div>
  )
}
