import { useT } from '../../lib/shop.ts'
import { CA_PROVINCES, templateOf, US_STATES } from '../account/countries.ts'
import { type AddressValues, emptyAddress, type FieldErrors } from './fields.ts'
import { SelectField } from './select-field.tsx'
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
      <SelectField
        name={`${section}.country`}
        label={t('COUNTRY')}
        autoComplete={`${section} country`}
        error={err('country')}
        value={value.country}
        onChange={(country) => onChange({ ...emptyAddress(country), contactName: value.contactName })}
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
          name={`${section}.state`}
          label={template === 'CA' ? t('PROVINCE') : t('US_STATE')}
          autoComplete={`${section} address-level1`}
          error={err('state')}
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
