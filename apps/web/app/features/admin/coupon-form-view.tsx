import type { StaffCoupon } from '@shop/contracts/backoffice-coupons'
import { Form, useNavigation } from 'react-router'
import { type AdminTranslate, adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { CheckField } from '../../ui/form/check-field.tsx'
import { SelectField } from '../../ui/form/select-field.tsx'
import { TextAreaField } from '../../ui/form/text-area-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import type { CouponFormValues } from './coupon-form.ts'
import type { FieldErrors } from './product-form.ts'

type Field = (name: string) => { name: string; defaultValue: string; error: string | undefined }

/**
 * The coupon form (create and edit; docs/decisions/0065-staff-coupons.md): code and name, the discount (a
 * percentage, or an amount per currency of the shop's sites), when it applies (a minimum per currency, start
 * and end in UTC, signed-in customers, listed customers) and the limits. A plain form posted to the page's
 * action: it works before hydration; a refused post comes back with what was typed and each field's message.
 */
export function CouponFormView({
  coupon,
  currencies,
  values,
  errors,
  language,
}: {
  coupon: StaffCoupon | null
  currencies: string[]
  values: CouponFormValues
  errors: FieldErrors
  language: Language
}) {
  const t = adminTranslator(language)
  const busy = useNavigation().state !== 'idle'
  const field: Field = (name) => {
    const e = errors[name]
    return { name, defaultValue: values[name] ?? '', error: e ? t(e.key, e.values) : undefined }
  }
  return (
    <Form method="post" className="admin-form" noValidate>
      <input type="hidden" name="intent" value="save" />
      <fieldset>
        <legend>{t('COUPON_BASICS')}</legend>
        {coupon ? (
          <p>
            {t('FIELD_COUPON_CODE')}: <strong>{coupon.code}</strong>
          </p>
        ) : (
          <TextField
            {...field('code')}
            label={t('FIELD_COUPON_CODE')}
            hint={t('COUPON_CODE_HINT')}
            maxLength={24}
          />
        )}
        <TextField {...field('name')} label={t('FIELD_COUPON_NAME')} maxLength={100} />
      </fieldset>
      <DiscountFields field={field} currencies={currencies} t={t} />
      <fieldset>
        <legend>{t('COUPON_CONDITIONS')}</legend>
        {currencies.map((currency, i) => (
          <TextField
            key={currency}
            {...field(`min-${currency}`)}
            label={t('FIELD_MIN_ORDER', { currency })}
            hint={i === 0 ? t('MIN_ORDER_HINT') : undefined}
            inputMode="decimal"
            required={false}
          />
        ))}
        <TextField
          {...field('validFrom')}
          type="datetime-local"
          label={t('FIELD_VALID_FROM')}
          required={false}
        />
        <TextField
          {...field('validUntil')}
          type="datetime-local"
          label={t('FIELD_VALID_UNTIL')}
          required={false}
        />
        <CheckField
          name="customersOnly"
          label={t('FIELD_CUSTOMERS_ONLY')}
          defaultChecked={values.customersOnly === 'on'}
        />
        <TextAreaField
          {...field('customers')}
          label={t('FIELD_RESTRICTED')}
          hint={t('RESTRICTED_HINT')}
          maxLength={100_000}
          wide
        />
      </fieldset>
      <fieldset>
        <legend>{t('COUPON_LIMITS')}</legend>
        <TextField
          {...field('maxRedemptions')}
          label={t('FIELD_MAX_REDEMPTIONS')}
          inputMode="numeric"
          required={false}
        />
        <TextField
          {...field('perCustomer')}
          label={t('FIELD_PER_CUSTOMER')}
          inputMode="numeric"
          required={false}
        />
        <p className="hint field--wide">{t('LIMITS_HINT')}</p>
        {coupon ? (
          <p className="field--wide">
            {t('COUPON_REDEEMED_SO_FAR', { count: coupon.redemptions, customers: coupon.customersRedeemed })}
          </p>
        ) : null}
      </fieldset>
      <div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('SAVE')}
        </button>
      </div>
    </Form>
  )
}

function DiscountFields({ field, currencies, t }: { field: Field; currencies: string[]; t: AdminTranslate }) {
  const type = field('discountType')
  return (
    <fieldset>
      <legend>{t('COUPON_DISCOUNT')}</legend>
      <SelectField name="discountType" label={t('FIELD_DISCOUNT_TYPE')} defaultValue={type.defaultValue}>
        <option value="PERCENT">{t('DISCOUNT_PERCENT')}</option>
        <option value="ABSOLUTE">{t('DISCOUNT_ABSOLUTE')}</option>
      </SelectField>
      <TextField
        {...field('percentage')}
        label={t('FIELD_PERCENTAGE')}
        inputMode="numeric"
        required={false}
      />
      {currencies.map((currency, i) => (
        <TextField
          key={currency}
          {...field(`amount-${currency}`)}
          label={t('FIELD_COUPON_AMOUNT', { currency })}
          hint={i === 0 ? t('COUPON_AMOUNT_HINT') : undefined}
          inputMode="decimal"
          required={false}
        />
      ))}
    </fieldset>
  )
}
