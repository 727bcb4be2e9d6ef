import type { StaffSites } from '@shop/contracts/backoffice-sites'
import { useId } from 'react'
import type { AdminKey, AdminTranslate } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { CheckField } from '../../ui/form/check-field.tsx'
import { SelectField } from '../../ui/form/select-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { countryName } from '../address/countries.ts'
import type { FieldErrors } from './product-form.ts'

export const messageOf = (t: AdminTranslate, errors: FieldErrors, field: string) => {
  const problem = errors[field]
  return problem ? t(problem.key, problem.values) : undefined
}

export const languageName = (t: AdminTranslate, language: string) =>
  t(`LANGUAGE_${language}` as AdminKey) ?? language

const providerName = (t: AdminTranslate, id: string) =>
  t(`PROVIDER_${id.replace(/-/g, '_')}` as AdminKey) ?? id

export type SiteOptions = Omit<StaffSites, 'sites'>

/** What a site form shows: code (a new site), name, currency, languages, active, default, payment. */
export function SiteFields({
  t,
  options,
  values,
  errors,
  isNew,
  lockedCurrency,
}: {
  t: AdminTranslate
  options: SiteOptions
  values: Record<string, string>
  errors: FieldErrors
  isNew: boolean
  lockedCurrency?: string
}) {
  const languagesError = messageOf(t, errors, 'languages')
  const languagesErrorId = useId()
  return (
    <>
      {isNew ? (
        <TextField
          name="code"
          label={t('FIELD_SITE_CODE')}
          hint={t('SITE_CODE_HINT')}
          defaultValue={values.code}
          error={messageOf(t, errors, 'code')}
          autoComplete="off"
          maxLength={32}
        />
      ) : null}
      <TextField
        name="name"
        label={t('FIELD_SITE_NAME')}
        defaultValue={values.name}
        error={messageOf(t, errors, 'name')}
        autoComplete="off"
        maxLength={100}
      />
      {lockedCurrency ? (
        <div className="field">
          <input type="hidden" name="currency" value={lockedCurrency} />
          <p className="field__label">{t('CURRENCY_FIXED', { currency: lockedCurrency })}</p>
          <p className="hint">{t('CURRENCY_FIXED_HINT', { currency: lockedCurrency })}</p>
          {errors.currency ? <p className="field__error">{messageOf(t, errors, 'currency')}</p> : null}
        </div>
      ) : (
        <SelectField
          name="currency"
          label={t('FIELD_CURRENCY')}
          defaultValue={values.currency}
          error={messageOf(t, errors, 'currency')}
        >
          {options.currencies.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </SelectField>
      )}
      <fieldset aria-describedby={languagesError ? languagesErrorId : undefined}>
        <legend>{t('FIELD_LANGUAGES')}</legend>
        {options.languages.map((language) => (
          <CheckField
            key={language}
            name={`language-${language}`}
            label={languageName(t, language)}
            defaultChecked={values[`language-${language}`] === 'on'}
          />
        ))}
        {languagesError ? (
          <p id={languagesErrorId} className="field__error">
            {languagesError}
          </p>
        ) : null}
      </fieldset>
      <SelectField
        name="defaultLanguage"
        label={t('FIELD_DEFAULT_LANGUAGE')}
        defaultValue={values.defaultLanguage}
        error={messageOf(t, errors, 'defaultLanguage')}
      >
        {options.languages.map((language) => (
          <option key={language} value={language}>
            {languageName(t, language)}
          </option>
        ))}
      </SelectField>
      <Flag t={t} name="active" label="FIELD_SITE_ACTIVE" values={values} errors={errors} />
      <Flag t={t} name="default" label="FIELD_SITE_DEFAULT" values={values} errors={errors} />
      <SelectField
        name="payment"
        label={t('FIELD_PAYMENT_PROVIDER')}
        defaultValue={values.payment}
        error={messageOf(t, errors, 'payment')}
      >
        {options.payments.map((id) => (
          <option key={id} value={id}>
            {providerName(t, id)}
          </option>
        ))}
      </SelectField>
    </>
  )
}

/** A checkbox with the API's refusal of it (the default site's rules) below. */
function Flag({
  t,
  name,
  label,
  values,
  errors,
}: {
  t: AdminTranslate
  name: 'active' | 'default'
  label: AdminKey
  values: Record<string, string>
  errors: FieldErrors
}) {
  const error = messageOf(t, errors, name)
  return (
    <>
      <CheckField name={name} label={t(label)} defaultChecked={values[name] === 'on'} />
      {error ? <p className="field__error field--wide">{error}</p> : null}
    </>
  )
}

/** The tax: one rate (added or included) or a rate per taxable country, and the label shoppers read. */
export function TaxFields({
  t,
  language,
  taxableCountries,
  values,
  errors,
}: {
  t: AdminTranslate
  language: Language
  taxableCountries: readonly string[]
  values: Record<string, string>
  errors: FieldErrors
}) {
  const countries = taxableCountries.map((c) => countryName(c, language)).join(', ')
  const typeError = messageOf(t, errors, 'taxType')
  return (
    <fieldset>
      <legend>{t('TAX')}</legend>
      <fieldset className="field--wide">
        <legend>{t('FIELD_TAX_TYPE')}</legend>
        {(['flat', 'country'] as const).map((type) => (
          <label key={type} className="check-field">
            <input
              type="radio"
              name="taxType"
              value={type}
              defaultChecked={(values.taxType || 'flat') === type}
            />
            {t(type === 'flat' ? 'TAX_TYPE_FLAT' : 'TAX_TYPE_COUNTRY')}
          </label>
        ))}
        {typeError ? <p className="field__error">{typeError}</p> : null}
      </fieldset>
      <TextField
        name="taxLabel"
        label={t('FIELD_TAX_LABEL')}
        hint={t('TAX_LABEL_HINT')}
        defaultValue={values.taxLabel}
        error={messageOf(t, errors, 'taxLabel')}
        required={false}
        maxLength={200}
        wide
      />
      <TextField
        name="taxRate"
        label={t('FIELD_TAX_RATE')}
        hint={t('TAX_RATE_HINT')}
        inputMode="decimal"
        defaultValue={values.taxRate}
        error={messageOf(t, errors, 'taxRate')}
        required={false}
        maxLength={6}
      />
      <CheckField
        name="taxIncluded"
        label={t('FIELD_TAX_INCLUDED')}
        defaultChecked={values.taxIncluded === 'on'}
      />
      <p className="hint field--wide">{t('COUNTRY_RATES_HINT', { countries })}</p>
      {taxableCountries.map((country) => (
        <TextField
          key={country}
          name={`rate-${country}`}
          label={t('FIELD_COUNTRY_RATE', { country: countryName(country, language) })}
          inputMode="decimal"
          defaultValue={values[`rate-${country}`]}
          error={messageOf(t, errors, `rate-${country}`)}
          required={false}
          maxLength={6}
        />
      ))}
    </fieldset>
  )
}
