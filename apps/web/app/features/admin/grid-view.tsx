import type { StaffGrid } from '@shop/contracts/backoffice-variants'
import { Form, useNavigation } from 'react-router'
import { adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { priceTexts } from './grid-form.ts'

/**
 * The price and stock grid: one form around the table, a stock input and a price and original per currency
 * for each row, each named after its row ("Price USD for T-shirt Red/M"); the values shown ride along in hidden
 * inputs so the save sends only what changed. The table scrolls sideways on a narrow screen.
 */
export function GridForm({
  grid,
  language,
  formKey,
}: {
  grid: StaffGrid
  language: Language
  formKey: string
}) {
  const t = adminTranslator(language)
  const busy = useNavigation().state !== 'idle'
  return (
    <Form method="post" noValidate key={formKey} className="admin-form">
      <div className="admin-table-wrap">
        <table className="admin-table admin-grid">
          <caption id="grid-caption">{t('GRID_ROWS')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('COL_NAME')}</th>
              <th scope="col">{t('COL_CODE')}</th>
              <th scope="col">{t('COL_STOCK')}</th>
              {grid.currencies.map((currency) => (
                <th scope="col" key={currency}>
                  {t('FIELD_PRICE', { currency })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.rows.map((row, i) => {
              const name = `row-${i}`
              return (
                <tr key={row.variantId ?? row.productId}>
                  <th scope="row">
                    {row.name}
                    <input type="hidden" name={`${name}-product`} value={row.productId} />
                    <input type="hidden" name={`${name}-variant`} value={row.variantId ?? ''} />
                    <input type="hidden" name={`${name}-code`} value={row.code} />
                    <input type="hidden" name={`${name}-was-stock`} value={row.stock} />
                  </th>
                  <td>{row.code}</td>
                  <td>
                    <input
                      name={`${name}-stock`}
                      className="input input--short"
                      inputMode="numeric"
                      defaultValue={String(row.stock)}
                      aria-label={t('LABEL_GRID_STOCK', { row: row.name })}
                    />
                  </td>
                  {grid.currencies.map((currency) => {
                    const shown = priceTexts(row, currency)
                    return (
                      <td key={currency}>
                        <span className="admin-price">
                          <input
                            name={`${name}-price-${currency}`}
                            className="input input--short"
                            inputMode="decimal"
                            defaultValue={shown.price}
                            aria-label={t('LABEL_PRICE', { currency, variant: row.name })}
                          />
                          <input
                            name={`${name}-original-${currency}`}
                            className="input input--short"
                            inputMode="decimal"
                            defaultValue={shown.original}
                            aria-label={t('LABEL_ORIGINAL', { currency, variant: row.name })}
                          />
                        </span>
                        <input type="hidden" name={`${name}-was-price-${currency}`} value={shown.price} />
                        <input
                          type="hidden"
                          name={`${name}-was-original-${currency}`}
                          value={shown.original}
                        />
                      </td>
                    )
                  })}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('SAVE_ALL')}
        </button>
      </div>
    </Form>
  )
}
