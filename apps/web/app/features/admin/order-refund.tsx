import { toAmount } from '@shop/contracts/money'
import type { Order } from '@shop/contracts/order'
import { useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { type AdminTranslate, adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { formatDateTime, formatMoney } from '../../lib/format.ts'
import { CheckField } from '../../ui/form/check-field.tsx'
import { FieldFrame } from '../../ui/form/field-frame.tsx'
import { TextAreaField } from '../../ui/form/text-area-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import type { FieldErrors } from './product-form.ts'
import {
  FORM,
  lineField,
  quantitiesOf,
  type RefundState,
  type RefundValues,
  refundState,
  suggestionFor,
} from './refund-form.ts'

/** What the last refund post came back with, as the order page's action answers it. */
export type RefundResult =
  | { outcome: 'refunded'; refund: NonNullable<Order['refunds']>[number] | null }
  | { outcome: 'invalid'; errors: FieldErrors; values: RefundValues }
  | { outcome: 'failed'; values: RefundValues }

/** "1 × Tee, 2 × Mug": a refund's units by the order's item names. */
export function refundItems(
  order: Order,
  lines: Array<{ entryNumber: number; quantity: number }>,
  t: AdminTranslate,
) {
  return lines
    .map((l) =>
      t('REFUND_ITEM', {
        quantity: l.quantity,
        name: order.entries.find((e) => e.entryNumber === l.entryNumber)?.name ?? `#${l.entryNumber}`,
      }),
    )
    .join(', ')
}

/**
 * The order's refunds so far and what is left, and the refund form (docs/decisions/0064-refunds-and-timeline.md).
 * The form goes when nothing is left to refund.
 */
export function OrderRefund({
  order,
  refundKey,
  result,
  language,
}: {
  order: Order
  refundKey: string
  result: RefundResult | undefined
  language: Language
}) {
  const t = adminTranslator(language)
  const busy = useNavigation().state !== 'idle'
  const state = refundState(order)
  const errors = result?.outcome === 'invalid' ? result.errors : {}
  const money = (amount: number) => formatMoney(amount, order.currency, language)
  return (
    <section aria-labelledby="order-refund" className="admin-refund">
      <h2 id="order-refund">{t('REFUND_SECTION')}</h2>
      {result?.outcome === 'refunded' && result.refund && !busy ? (
        <p role="status" className="admin-notice">
          {result.refund.lines.length
            ? t('REFUNDED_UNITS', {
                amount: money(result.refund.amount),
                items: refundItems(order, result.refund.lines, t),
              })
            : t('REFUNDED_AMOUNT', { amount: money(result.refund.amount) })}
        </p>
      ) : null}
      {result?.outcome === 'failed' ? (
        <p role="alert" className="admin-alert">
          {t('REFUND_FAILED')}
        </p>
      ) : null}
      {result?.outcome === 'invalid' ? (
        <p role="alert" className="admin-alert">
          {errors[FORM] ? t(errors[FORM].key, errors[FORM].values) : t('REFUND_INVALID')}
        </p>
      ) : null}
      <RefundsSoFar order={order} state={state} language={language} />
      {state.leftMinor <= 0 ? (
        <p>{t('REFUND_NOTHING_LEFT')}</p>
      ) : (
        <RefundForm
          // A new refund empties the form; a refused one keeps what was typed.
          key={order.refunds?.length ?? 0}
          order={order}
          state={state}
          refundKey={refundKey}
          values={result && result.outcome !== 'refunded' ? result.values : undefined}
          errors={errors}
          language={language}
        />
      )}
    </section>
  )
}

/** The refunds made (when, how much, which units, why) and what is left of the payment. */
function RefundsSoFar({ order, state, language }: { order: Order; state: RefundState; language: Language }) {
  const t = adminTranslator(language)
  const minor = (value: number) => formatMoney(toAmount(value, order.currency), order.currency, language)
  const refunds = order.refunds ?? []
  return (
    <>
      <h3>{t('REFUNDS_SO_FAR')}</h3>
      {refunds.length === 0 ? (
        <p>{t('NO_REFUNDS')}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe)
        <section className="admin-table-wrap" aria-label={t('REFUNDS_SO_FAR')} tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('REFUND_COL_DATE')}</th>
                <th scope="col">{t('REFUND_COL_AMOUNT')}</th>
                <th scope="col">{t('REFUND_COL_ITEMS')}</th>
                <th scope="col">{t('REFUND_COL_REASON')}</th>
              </tr>
            </thead>
            <tbody>
              {refunds.map((r) => (
                <tr key={r.id}>
                  <td>
                    <time dateTime={r.created}>{formatDateTime(r.created, language)}</time>
                  </td>
                  <td className="admin-number">{formatMoney(r.amount, order.currency, language)}</td>
                  <td>{r.lines.length ? refundItems(order, r.lines, t) : t('REFUND_AMOUNT_ONLY')}</td>
                  <td>{r.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <p>
        {t('REFUND_LEFT', {
          refunded: minor(state.refundedMinor),
          paid: minor(state.paidMinor),
          left: minor(state.leftMinor),
        })}
      </p>
    </>
  )
}

/**
 * The refund form: units per line, restock, an optional amount with the server's suggestion for the chosen units,
 * a reason, and the key made once per rendered page. A plain post: it works before hydration; the suggestion
 * follows the units after it.
 */
function RefundForm({
  order,
  state,
  refundKey,
  values,
  errors,
  language,
}: {
  order: Order
  state: RefundState
  refundKey: string
  values: RefundValues | undefined
  errors: FieldErrors
  language: Language
}) {
  const t = adminTranslator(language)
  const error = (field: string) => {
    const e = errors[field]
    return e ? t(e.key, e.values) : undefined
  }
  const [quantities, setQuantities] = useState<Map<number, number>>(() => {
    const form = new FormData()
    for (const [name, value] of Object.entries(values?.lines ?? {})) form.set(name, value)
    return quantitiesOf(form, state)
  })
  const suggestion = suggestionFor(order, state, quantities)
  const minor = (value: number) => formatMoney(toAmount(value, order.currency), order.currency, language)
  return (
    <Form
      method="post"
      className="admin-form"
      noValidate
      onChange={(event) => setQuantities(quantitiesOf(new FormData(event.currentTarget), state))}
    >
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="key" value={refundKey} />
      <fieldset>
        <legend>{t('REFUND_UNITS_LEGEND')}</legend>
        {state.lines.map((l) =>
          l.left === 0 ? (
            <p key={l.entryNumber}>{t('REFUND_LINE_ALL_DONE', { name: l.name })}</p>
          ) : (
            <FieldFrame
              key={l.entryNumber}
              label={t('REFUND_UNITS_LABEL', { name: l.name })}
              hint={t('REFUND_UNITS_HINT', { left: l.left, quantity: l.quantity })}
              error={error(lineField(l.entryNumber))}
            >
              {(control) => (
                <input
                  {...control}
                  name={lineField(l.entryNumber)}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={l.left}
                  step={1}
                  className="input input--short"
                  defaultValue={values?.lines[lineField(l.entryNumber)] || '0'}
                />
              )}
            </FieldFrame>
          ),
        )}
        <CheckField
          name="restock"
          label={t('REFUND_RESTOCK')}
          defaultChecked={values ? values.restock : true}
        />
      </fieldset>
      <TextField
        name="amount"
        label={t('REFUND_AMOUNT', { currency: order.currency })}
        required={false}
        inputMode="decimal"
        maxLength={16}
        defaultValue={values?.amount}
        hint={
          suggestion > 0 ? t('REFUND_SUGGESTION', { amount: minor(suggestion) }) : t('REFUND_AMOUNT_HINT')
        }
        error={error('amount')}
      />
      <TextAreaField name="reason" label={t('REFUND_REASON')} maxLength={500} defaultValue={values?.reason} />
      <p>
        {/* Not disabled while a post is under way: a second click posts the same key, which refunds once. */}
        <button type="submit" className="button button--primary">
          {t('REFUND_SUBMIT')}
        </button>
      </p>
    </Form>
  )
}
