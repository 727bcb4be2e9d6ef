import type { StaffVariant, StaffVariants } from '@shop/contracts/backoffice-variants'
import { Form, useNavigation } from 'react-router'
import { type AdminKey, adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { CheckField } from '../../ui/form/check-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { amountText } from './product-form.ts'
import { SPARE_OPTIONS, variantLabel } from './variants-form.ts'

/**
 * The options form (one line per option: its name and its values separated by commas; spare empty lines add
 * one) and its "Generate variants" button. Posted as a plain form.
 */
export function OptionsForm({ data, language }: { data: StaffVariants; language: Language }) {
  const t = adminTranslator(language)
  const busy = useNavigation().state !== 'idle'
  const lines = [...data.options, ...Array.from({ length: SPARE_OPTIONS }, () => null)]
  return (
    <Form method="post" className="admin-form" noValidate key={JSON.stringify(data.options)}>
      <input type="hidden" name="intent" value="options" />
      <fieldset>
        <legend>{t('OPTIONS')}</legend>
        <p className="hint">{t('OPTIONS_HINT')}</p>
        {lines.map((option, i) => (
          <div key={option?.key ?? `spare-${i}`} className="admin-option">
            <TextField
              name={`option-name-${i}`}
              label={t('FIELD_OPTION_NAME', { n: i + 1 })}
              required={false}
              defaultValue={option?.key ?? ''}
              maxLength={40}
            />
            <TextField
              name={`option-values-${i}`}
              label={t('FIELD_OPTION_VALUES', { n: i + 1 })}
              required={false}
              defaultValue={option?.values.join(', ') ?? ''}
              wide
            />
            {option ? (
              <CheckField name={`option-remove-${i}`} label={t('REMOVE_OPTION', { n: i + 1 })} />
            ) : null}
          </div>
        ))}
        <p className="hint">{t('GENERATE_HINT')}</p>
        <div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('GENERATE_VARIANTS')}
          </button>
        </div>
      </fieldset>
    </Form>
  )
}

/**
 * The variants, one row each, every cell an input of the row's own form (the `form` attribute: a form may not
 * wrap a table row); each input's accessible name says which variant it belongs to.
 */
export function VariantTable({
  data,
  languages,
  currencies,
  language,
}: {
  data: StaffVariants
  languages: string[]
  currencies: string[]
  language: Language
}) {
  const t = adminTranslator(language)
  if (data.variants.length === 0) return <p>{t('NO_VARIANTS_YET')}</p>
  return (
    <section aria-labelledby="variant-list">
      <h2 id="variant-list">{t('VARIANT_LIST')}</h2>
      <div className="admin-table-wrap">
        <table className="admin-table admin-grid">
          <thead>
            <tr>
              <th scope="col">{t('COL_CODE')}</th>
              <th scope="col">{t('COL_NAME')}</th>
              <th scope="col">{t('COL_OPTIONS')}</th>
              <th scope="col">{t('COL_STOCK')}</th>
              <th scope="col">{t('COL_DEFAULT')}</th>
              <th scope="col">{t('COL_MEDIA')}</th>
              <th scope="col">{t('COL_PRICES')}</th>
              <th scope="col">{t('COL_SAVE')}</th>
            </tr>
          </thead>
          <tbody>
            {data.variants.map((v) => (
              <VariantRow key={`${v.id}-${v.stock}`} {...{ data, v, languages, currencies, language }} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

function VariantRow({
  data,
  v,
  languages,
  currencies,
  language,
}: {
  data: StaffVariants
  v: StaffVariant
  languages: string[]
  currencies: string[]
  language: Language
}) {
  const t = adminTranslator(language)
  const label = variantLabel(v)
  const form = `variant-${v.id}`
  const languageName = (lang: string) => t(`LANGUAGE_${lang}` as AdminKey) ?? lang
  return (
    <tr>
      <td>
        <Form method="post" id={form} noValidate>
          <input type="hidden" name="intent" value="variant" />
          <input type="hidden" name="variantId" value={v.id} />
          <input type="hidden" name="expected" value={v.stock} />
        </Form>
        <input
          form={form}
          name="code"
          className="input"
          defaultValue={v.code}
          aria-label={t('LABEL_CODE', { variant: label })}
        />
      </td>
      <td>
        {languages.map((lang) => (
          <input
            key={lang}
            form={form}
            name={`name-${lang}`}
            className="input"
            defaultValue={v.texts.find((x) => x.language === lang)?.name ?? ''}
            aria-label={t('LABEL_VARIANT_NAME', { language: languageName(lang), variant: label })}
          />
        ))}
      </td>
      <td>
        {data.options.map((o) => (
          <select
            key={o.key}
            form={form}
            name={`option-${o.key}`}
            defaultValue={v.options[o.key] ?? ''}
            aria-label={t('LABEL_OPTION', { option: o.key, variant: label })}
          >
            <option value="">–</option>
            {o.values.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        ))}
      </td>
      <td>
        <input
          form={form}
          name="stock"
          className="input input--short"
          inputMode="numeric"
          defaultValue={String(v.stock)}
          aria-label={t('LABEL_STOCK', { variant: label })}
        />
      </td>
      <td>
        <input
          form={form}
          type="checkbox"
          name="default"
          defaultChecked={v.default}
          aria-label={t('LABEL_DEFAULT', { variant: label })}
        />
      </td>
      <td>
        {data.media.map((m, i) => (
          <input
            key={m.id}
            form={form}
            type="checkbox"
            name="media"
            value={m.id}
            defaultChecked={v.media.includes(m.id)}
            aria-label={t('LABEL_MEDIA', { n: i + 1, variant: label })}
          />
        ))}
      </td>
      <td>
        <PriceInputs {...{ v, form, label, currencies, language }} />
      </td>
      <td>
        <button
          type="submit"
          form={form}
          className="button"
          aria-label={t('SAVE_VARIANT', { variant: label })}
        >
          {t('SAVE')}
        </button>
      </td>
    </tr>
  )
}

function PriceInputs({
  v,
  form,
  label,
  currencies,
  language,
}: {
  v: StaffVariant
  form: string
  label: string
  currencies: string[]
  language: Language
}) {
  const t = adminTranslator(language)
  return currencies.map((currency) => {
    const p = v.prices.find((x) => x.currency === currency)
    return (
      <span key={currency} className="admin-price">
        <input
          form={form}
          name={`price-${currency}`}
          className="input input--short"
          inputMode="decimal"
          defaultValue={p ? amountText(p.effectiveMinor, currency) : ''}
          aria-label={t('LABEL_PRICE', { currency, variant: label })}
        />
        <input
          form={form}
          name={`original-${currency}`}
          className="input input--short"
          inputMode="decimal"
          defaultValue={
            p && p.originalMinor !== p.effectiveMinor ? amountText(p.originalMinor, currency) : ''
          }
          aria-label={t('LABEL_ORIGINAL', { currency, variant: label })}
        />
      </span>
    )
  })
}
