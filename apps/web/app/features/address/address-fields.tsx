import { useT } from '../../lib/shop.ts'
import { SelectField } from '../../ui/form/select-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { type AddressValues, withCountry } from './address-values.ts'
import { CA_PROVINCES, templateOf, US_STATES } from './countries.ts'

type Field = keyof AddressValues

/**
 * The one address form, with the per-country templates (US state list, CA province list, GB/DE without state,
 * an optional state elsewhere), used by the checkout (billing and shipping) and the account's address book.
 * Changing the country swaps the template and blanks every field except the contact name.
 *
 * With a `section` the inputs are named `billing.street` and autocomplete as `billing address-line1`; without,
 * they are named `street` (a form posted as it is, checked by the browser: `minLength` on the required text).
 */
export function AddressFields({
  section,
  value,
  onChange,
  countries,
  error,
  minLength,
  wideStreet = Boolean(section),
}: {
  section?: 'billing' | 'shipping'
  value: AddressValues
  onChange: (next: AddressValues) => void
  countries: Array<{ code: string; name: string }>
  /** The translated error of a field, if any. */
  error?: (field: Field) => string | undefined
  minLength?: number
  wideStreet?: boolean
}) {
  const t = useT()
  const template = templateOf(value.country)
  const states = template === 'US' ? US_STATES : template === 'CA' ? CA_PROVINCES : null
  const nameOf = (field: Field) => (section ? `${section}.${field}` : field)
  const autoOf = (token: string) => (section ? `${section} ${token}` : token)
  const field = (name: Field, label: string, autoComplete: string, optional = false) => (
    <TextField
      name={nameOf(name)}
      label={label}
      type={name === 'contactPhone' ? 'tel' : 'text'}
      autoComplete={autoOf(autoComplete)}
      required={!optional}
      minLength={optional ? undefined : minLength}
      error={error?.(name)}
      value={value[name]}
      onChange={(v) => onChange({ ...value, [name]: v })}
      wide={name === 'contactName' || (wideStreet && name === 'street')}
    />
  )
  return (
    <div className="form-grid">
      <SelectField
        name={nameOf('country')}
        label={t('COUNTRY')}
        autoComplete={autoOf('country')}
        error={error?.('country')}
        value={value.country}
        onChange={(country) => onChange(withCountry(value, country))}
        wide
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      {field('contactName', t('CONTACT_NAME'), 'name')}
      {field('companyName', t('COMPANY'), 'organization', true)}
      {field('street', t('STREET'), 'address-line1')}
      {field('streetAppendix', t('STREET_APPENDIX'), 'address-line2', true)}
      {field('city', t('CITY'), 'address-level2')}
      {states ? (
        <SelectField
          name={nameOf('state')}
          label={template === 'CA' ? t('PROVINCE') : t('US_STATE')}
          autoComplete={autoOf('address-level1')}
          required={!section}
          error={error?.('state')}
          value={value.state}
          onChange={(state) => onChange({ ...value, state })}
        >
          <option value="" />
          {states.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
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
