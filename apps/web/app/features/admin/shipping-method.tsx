import type { StaffShippingMethod } from '@shop/contracts/backoffice-shipping'
import { toAmount } from '@shop/contracts/money'
import { Form } from 'react-router'
import type { AdminKey, AdminTranslate } from '../../i18n/admin.ts'
import { formatMoney } from '../../lib/format.ts'
import { CheckField } from '../../ui/form/check-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import type { FieldErrors } from './product-form.ts'
import { type ShippingFailure, tierCount } from './shipping-form.ts'

export interface SiteTerms {
  languages: string[]
  defaultLanguage: string
  currency: string
  language: string
}

const message = (t: AdminTranslate, errors: FieldErrors, field: string) => {
  const problem = errors[field]
  return problem ? t(problem.key, problem.values) : undefined
}

/** A method's name in the page's language, else the site's default language's. */
export const methodName = (method: StaffShippingMethod, site: SiteTerms) =>
  method.names[site.language] ??
  method.names[site.defaultLanguage] ??
  Object.values(method.names)[0] ??
  method.id

/** "6.50 €; from 100.00 €: 0.00 €" */
export function feeSummary(method: StaffShippingMethod, site: SiteTerms, t: AdminTranslate): string {
  const money = (minor: number) =>
    formatMoney(toAmount(minor, method.currency), method.currency, site.language)
  return method.fees
    .map((tier, i) =>
      i === 0
        ? money(tier.feeMinor)
        : t('FEE_FROM', { min: money(tier.minOrderMinor), fee: money(tier.feeMinor) }),
    )
    .join('; ')
}

/** The fields of a method form: a name per language of the site, the fee and its tiers, active. */
export function MethodFields({
  t,
  site,
  values,
  errors,
}: {
  t: AdminTranslate
  site: SiteTerms
  values: Record<string, string>
  errors: FieldErrors
}) {
  const { currency } = site
  const rows = Array.from({ length: tierCount(values) - 1 }, (_, i) => i + 2)
  return (
    <>
      {site.languages.map((language) => (
        <TextField
          key={language}
          name={`name-${language}`}
          label={t('FIELD_METHOD_NAME', { language: t(`LANGUAGE_${language}` as AdminKey) ?? language })}
          defaultValue={values[`name-${language}`]}
          error={message(t, errors, `name-${language}`)}
          maxLength={100}
        />
      ))}
      <TextField
        name="fee"
        label={t('FIELD_FEE', { currency })}
        inputMode="decimal"
        defaultValue={values.fee}
        error={message(t, errors, 'fee')}
        maxLength={13}
      />
      <fieldset>
        <legend>{t('FEE_TIERS')}</legend>
        <p className="hint admin-tier">{t('TIERS_HINT')}</p>
        {rows.map((n) => (
          <div key={n} className="admin-tier">
            <TextField
              name={`tier-${n}-min`}
              label={t('FIELD_TIER_MIN', { n, currency })}
              inputMode="decimal"
              required={false}
              defaultValue={values[`tier-${n}-min`]}
              error={message(t, errors, `tier-${n}-min`)}
              maxLength={13}
            />
            <TextField
              name={`tier-${n}-fee`}
              label={t('FIELD_TIER_FEE', { n, currency })}
              inputMode="decimal"
              required={false}
              defaultValue={values[`tier-${n}-fee`]}
              error={message(t, errors, `tier-${n}-fee`)}
              maxLength={13}
            />
          </div>
        ))}
      </fieldset>
      <CheckField name="active" label={t('FIELD_METHOD_ACTIVE')} defaultChecked={values.active === 'on'} />
    </>
  )
}

/** One hidden-field form of a method's row: a button that changes one thing. */
function RowPost({
  intent,
  ids,
  extra = {},
  label,
  text,
  disabled,
}: {
  intent: string
  ids: { zoneId: string; methodId: string }
  extra?: Record<string, string>
  label: string
  text: string
  disabled?: boolean
}) {
  return (
    <Form method="post" className="admin-inline-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="zoneId" value={ids.zoneId} />
      <input type="hidden" name="methodId" value={ids.methodId} />
      {Object.entries(extra).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button" aria-label={label} disabled={disabled}>
        {text}
      </button>
    </Form>
  )
}

/** A method in its zone's list: name, fees, state; move, switch on or off, delete; its edit form behind a disclosure. */
export function MethodRow({
  method,
  index,
  count,
  site,
  t,
  failure,
  formValues,
}: {
  method: StaffShippingMethod
  index: number
  count: number
  site: SiteTerms
  t: AdminTranslate
  failure: ShippingFailure | undefined
  formValues: Record<string, string>
}) {
  const name = methodName(method, site)
  const ids = { zoneId: method.zoneId, methodId: method.id }
  const key = `method-${method.id}`
  const failed = failure?.form === key && !failure.gone
  return (
    <li>
      <div className="admin-tree__row">
        <span className="admin-tree__name">{name}</span>
        <span>
          {feeSummary(method, site, t)} · {method.active ? t('METHOD_ON') : t('METHOD_OFF')}
        </span>
        <span className="admin-tree__actions">
          <RowPost
            intent="move-method"
            ids={ids}
            extra={{ position: String(index - 1) }}
            label={t('MOVE_UP_NAMED', { name })}
            text={t('MOVE_UP')}
            disabled={index === 0}
          />
          <RowPost
            intent="move-method"
            ids={ids}
            extra={{ position: String(index + 1) }}
            label={t('MOVE_DOWN_NAMED', { name })}
            text={t('MOVE_DOWN')}
            disabled={index === count - 1}
          />
          <RowPost
            intent="toggle-method"
            ids={ids}
            extra={{ active: String(!method.active) }}
            label={t(method.active ? 'DEACTIVATE_NAMED' : 'ACTIVATE_NAMED', { name })}
            text={t(method.active ? 'DEACTIVATE' : 'ACTIVATE')}
          />
          <RowPost intent="delete-method" ids={ids} label={t('DELETE_NAMED', { name })} text={t('DELETE')} />
        </span>
      </div>
      <details className="admin-tree__edit" open={failed}>
        <summary>{t('EDIT_METHOD', { name })}</summary>
        <Form method="post" className="admin-form">
          <input type="hidden" name="intent" value="update-method" />
          <input type="hidden" name="zoneId" value={method.zoneId} />
          <input type="hidden" name="methodId" value={method.id} />
          <MethodFields
            t={t}
            site={site}
            values={failed ? failure.values : formValues}
            errors={failed ? failure.errors : {}}
          />
          <div>
            <button type="submit" className="button button--primary">
              {t('SAVE_METHOD')}
            </button>
          </div>
        </Form>
      </details>
    </li>
  )
}
