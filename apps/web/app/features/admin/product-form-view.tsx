import type { StaffProduct } from '@shop/contracts/backoffice'
import { Form, Link, useNavigation } from 'react-router'
import { type AdminKey, adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { CheckField } from '../../ui/form/check-field.tsx'
import { TextAreaField } from '../../ui/form/text-area-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { amountText, type FieldErrors } from './product-form.ts'

/**
 * The product form (create and edit), built from the form kit: SKU, publish, tax code, a name and description
 * per language, a price (and original) per currency, stock. Posted as a plain form: it works before hydration.
 */
export function ProductFormView({
  product,
  languages,
  currencies,
  language,
  saved,
  errors,
  currentStock,
}: {
  product: StaffProduct | null
  languages: string[]
  currencies: string[]
  language: Language
  saved: boolean
  errors: FieldErrors
  currentStock: number | undefined
}) {
  const t = adminTranslator(language)
  const busy = useNavigation().state !== 'idle'
  const error = (field: string) => {
    const e = errors[field]
    return e ? t(e.key, e.values) : undefined
  }
  const textOf = (lang: string) => product?.texts.find((x) => x.language === lang)
  const languageName = (lang: string) => t(`LANGUAGE_${lang}` as AdminKey) ?? lang
  const name = textOf(language)?.name ?? product?.texts[0]?.name ?? ''
  const failed = Object.keys(errors).length > 0
  // The stock the staff member saw: after a stock_changed refusal, the current figure.
  const expected = currentStock ?? product?.stock ?? 0
  return (
    <>
      <h1>{product ? t('EDIT_PRODUCT', { name }) : t('NEW_PRODUCT')}</h1>
      {saved && !failed && !busy ? (
        <p role="status" className="admin-notice">
          {t('SAVED')}
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className="admin-alert">
          {t('INVALID_FORM')}
        </p>
      ) : null}
      <Form method="post" className="admin-form" noValidate key={`${product?.id ?? 'new'}-${expected}`}>
        <fieldset>
          <legend>{t('INVENTORY')}</legend>
          <TextField
            name="sku"
            label={t('FIELD_SKU')}
            defaultValue={product?.sku}
            error={error('sku')}
            maxLength={64}
          />
          <TextField
            name="taxCode"
            label={`${t('FIELD_TAX_CODE')} (${t('OPTIONAL')})`}
            required={false}
            defaultValue={product?.taxCode ?? ''}
            maxLength={32}
          />
          {product?.hasVariants ? (
            // Stock is kept per variant (the Variants page); the form leaves the product's figure as it is.
            <p className="field--wide">
              {t('STOCK_PER_VARIANT')}{' '}
              <Link to={`/admin/products/${encodeURIComponent(product.id)}/variants`}>{t('VARIANTS')}</Link>
              <input type="hidden" name="stock" value={expected} />
            </p>
          ) : (
            <TextField
              name="stock"
              label={t('FIELD_STOCK')}
              inputMode="numeric"
              hint={t('STOCK_HINT')}
              defaultValue={String(expected)}
              error={error('stock')}
            />
          )}
          <input type="hidden" name="expected" value={expected} />
          <CheckField
            name="published"
            label={t('FIELD_PUBLISHED')}
            defaultChecked={product?.published ?? false}
          />
        </fieldset>
        <fieldset>
          <legend>{t('TEXTS')}</legend>
          {languages.map((lang) => (
            <div key={lang} className="field--wide">
              <TextField
                name={`name-${lang}`}
                label={t('FIELD_NAME', { language: languageName(lang) })}
                defaultValue={textOf(lang)?.name}
                error={error(`name-${lang}`)}
                maxLength={200}
                wide
              />
              <TextAreaField
                name={`description-${lang}`}
                label={`${t('FIELD_DESCRIPTION', { language: languageName(lang) })} (${t('OPTIONAL')})`}
                defaultValue={textOf(lang)?.description}
                maxLength={10000}
                wide
              />
            </div>
          ))}
        </fieldset>
        <PriceFields currencies={currencies} product={product} language={language} error={error} />
        <div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('SAVE')}
          </button>
        </div>
      </Form>
    </>
  )
}

function PriceFields({
  currencies,
  product,
  language,
  error,
}: {
  currencies: string[]
  product: StaffProduct | null
  language: Language
  error: (field: string) => string | undefined
}) {
  const t = adminTranslator(language)
  const priceOf = (currency: string) => product?.prices.find((p) => p.currency === currency)
  return (
    <fieldset>
      <legend>{t('PRICES')}</legend>
      {currencies.map((currency) => {
        const price = priceOf(currency)
        const reduced = price && price.originalMinor !== price.effectiveMinor
        return (
          <div key={currency}>
            <TextField
              name={`price-${currency}`}
              label={t('FIELD_PRICE', { currency })}
              inputMode="decimal"
              required={false}
              defaultValue={price ? amountText(price.effectiveMinor, currency) : ''}
              error={error(`price-${currency}`)}
            />
            <TextField
              name={`original-${currency}`}
              label={`${t('FIELD_ORIGINAL', { currency })} (${t('OPTIONAL')})`}
              inputMode="decimal"
              required={false}
              hint={t('ORIGINAL_HINT')}
              defaultValue={reduced ? amountText(price.originalMinor, currency) : ''}
              error={error(`original-${currency}`)}
            />
          </div>
        )
      })}
    </fieldset>
  )
}
