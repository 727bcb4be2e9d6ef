import { FEE_TYPES, type StaffCommerce } from '@shop/contracts/backoffice-variants'
import { Form, useNavigation } from 'react-router'
import { adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { SelectField } from '../../ui/form/select-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { amountText } from './product-form.ts'

/** The product's measurement unit, a tax code per site and its per-item fees (one spare fee line adds one). */
export function CommerceForm({
  commerce,
  sites,
  language,
}: {
  commerce: StaffCommerce
  sites: ReadonlyArray<{ code: string; currency: string }>
  language: Language
}) {
  const t = adminTranslator(language)
  const busy = useNavigation().state !== 'idle'
  const fees = [...commerce.fees, null]
  const currencyOf = (site: string) => sites.find((s) => s.code === site)?.currency ?? 'USD'
  return (
    <Form method="post" className="admin-form" noValidate key={JSON.stringify(commerce)}>
      <input type="hidden" name="intent" value="commerce" />
      <fieldset>
        <legend>{t('COMMERCE')}</legend>
        <TextField
          name="unit-code"
          label={`${t('FIELD_UNIT_CODE')} (${t('OPTIONAL')})`}
          required={false}
          defaultValue={commerce.unit?.code ?? ''}
          maxLength={16}
        />
        <TextField
          name="unit-quantity"
          label={t('FIELD_UNIT_QUANTITY')}
          inputMode="numeric"
          required={false}
          defaultValue={String(commerce.unit?.quantity ?? 1)}
        />
        {sites.map((site) => (
          <TextField
            key={site.code}
            name={`tax-${site.code}`}
            label={`${t('FIELD_SITE_TAX_CODE', { site: site.code })} (${t('OPTIONAL')})`}
            required={false}
            defaultValue={commerce.taxCodes[site.code] ?? ''}
            maxLength={32}
          />
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('FEES')}</legend>
        {fees.map((fee, i) => (
          <div key={fee ? `${fee.siteCode}-${fee.name}` : 'spare'} className="admin-option">
            <SelectField
              name={`fee-site-${i}`}
              label={t('FIELD_FEE_SITE', { n: i + 1 })}
              defaultValue={fee?.siteCode}
            >
              {sites.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.code} ({s.currency})
                </option>
              ))}
            </SelectField>
            <TextField
              name={`fee-name-${i}`}
              label={`${t('FIELD_FEE_NAME', { n: i + 1 })}${fee ? '' : ` (${t('OPTIONAL')})`}`}
              required={false}
              defaultValue={fee?.name ?? ''}
              maxLength={100}
            />
            <SelectField
              name={`fee-type-${i}`}
              label={t('FIELD_FEE_TYPE', { n: i + 1 })}
              defaultValue={fee?.type}
            >
              {FEE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`FEE_${type}`)}
                </option>
              ))}
            </SelectField>
            <TextField
              name={`fee-amount-${i}`}
              label={t('FIELD_FEE_AMOUNT', { n: i + 1 })}
              inputMode="decimal"
              required={false}
              defaultValue={fee ? amountText(fee.amountMinor, currencyOf(fee.siteCode)) : ''}
            />
          </div>
        ))}
        <div>
          <button type="submit" className="button" disabled={busy}>
            {t('SAVE_COMMERCE')}
          </button>
        </div>
      </fieldset>
    </Form>
  )
}
