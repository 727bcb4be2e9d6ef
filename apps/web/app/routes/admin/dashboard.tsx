import type { Dashboard } from '@shop/contracts/backoffice-dashboard'
import { toAmount } from '@shop/contracts/money'
import { Form, Link, useLoaderData } from 'react-router'
import uplotStyles from 'uplot/dist/uPlot.min.css?url'
import { DashboardChart } from '../../features/admin/dashboard-chart.tsx'
import { adminMeta } from '../../features/admin/meta.ts'
import { asStaff } from '../../features/admin/staff.server.ts'
import { adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { isApiError } from '../../lib/api.ts'
import { getSession } from '../../lib/context.server.ts'
import { formatMoney } from '../../lib/format.ts'
import { SelectField } from '../../ui/form/select-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import type { Route } from './+types/dashboard'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: uplotStyles }]

export const meta: Route.MetaFunction = adminMeta

const DAY = 86_400_000
const lastDays = (n: number) => {
  const to = new Date()
  return {
    from: new Date(to.getTime() - (n - 1) * DAY).toISOString().slice(0, 10),
    to: to.toISOString().slice(0, 10),
  }
}

/** The owner's dashboard (docs/decisions/0069-dashboard.md): the period and site in the address, 30 days by default. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const t = adminTranslator(session.language)
  const params = new URL(request.url).searchParams
  const site = params.get('site') || session.site.code
  const fallback = lastDays(30)
  const asked = { site, from: params.get('from') || fallback.from, to: params.get('to') || fallback.to }
  let bad = false
  let board: Dashboard
  try {
    board = await asStaff(request, () => session.api.dashboard(asked))
  } catch (error) {
    if (!isApiError(error, 400) && !isApiError(error, 404)) throw error
    bad = true
    board = await asStaff(request, () => session.api.dashboard({ site: session.site.code, ...fallback }))
  }
  return {
    board,
    bad,
    sites: session.sites.map((s) => ({ code: s.code, name: s.name })),
    language: session.language,
    title: `${t('DASHBOARD')} – ${t('ADMIN')}`,
  }
}

export default function AdminDashboard() {
  const { board, bad, sites, language } = useLoaderData<typeof loader>()
  const t = adminTranslator(language)
  const money = (minor: number) => formatMoney(toAmount(minor, board.currency), board.currency, language)
  return (
    <>
      <h1>{t('DASHBOARD')}</h1>
      <Form method="get" className="admin-filter" aria-label={t('DASHBOARD_PERIOD')}>
        {sites.length > 1 ? (
          <SelectField name="site" label={t('FIELD_SITE')} defaultValue={board.site}>
            {sites.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <TextField name="from" type="date" label={t('FIELD_FROM_DAY')} defaultValue={board.from} />
        <TextField name="to" type="date" label={t('FIELD_TO_DAY')} defaultValue={board.to} />
        <button type="submit" className="button">
          {t('SHOW_PERIOD')}
        </button>
      </Form>
      {bad ? (
        <p role="alert" className="admin-alert">
          {t('DASHBOARD_BAD_PERIOD')}
        </p>
      ) : null}
      <dl className="admin-figures">
        <div>
          <dt>{t('SALES')}</dt>
          <dd>{money(board.totals.salesMinor)}</dd>
        </div>
        <div>
          <dt>{t('ORDER_COUNT_LABEL')}</dt>
          <dd>{board.totals.orders}</dd>
        </div>
        <div>
          <dt>{t('AOV')}</dt>
          <dd>{money(board.totals.aovMinor)}</dd>
        </div>
      </dl>
      <p className="hint">{t('DASHBOARD_NOTE')}</p>
      <DashboardChart
        board={board}
        labels={{
          title: t('CHART_TITLE', { from: board.from, to: board.to }),
          sales: t('SALES'),
          orders: t('ORDER_COUNT_LABEL'),
        }}
      />
      <Days board={board} t={t} money={money} />
      <Lists board={board} t={t} money={money} language={language} />
    </>
  )
}

type T = ReturnType<typeof adminTranslator>

function Days({ board, t, money }: { board: Dashboard; t: T; money: (minor: number) => string }) {
  return (
    <details>
      <summary>{t('DAYS_TABLE')}</summary>
      {/* Scrolls sideways at phone width: focusable, so a keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus (WCAG 2.1.1) */}
      <section className="admin-table-wrap" aria-label={t('DAYS_TABLE')} tabIndex={0}>
        <table className="admin-table">
          <thead>
            <tr>
              {(['COL_DAY', 'SALES', 'ORDER_COUNT_LABEL', 'AOV'] as const).map((key) => (
                <th key={key} scope="col">
                  {t(key)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {board.days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td className="admin-number">{money(d.salesMinor)}</td>
                <td className="admin-number">{d.orders}</td>
                <td className="admin-number">{money(d.aovMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  )
}

function Lists({
  board,
  t,
  money,
}: {
  board: Dashboard
  t: T
  money: (minor: number) => string
  language: Language
}) {
  return (
    <div className="admin-columns">
      <section aria-labelledby="top-products">
        <h2 id="top-products">{t('TOP_PRODUCTS')}</h2>
        {board.topProducts.length === 0 ? <p>{t('NO_SALES')}</p> : null}
        <ol>
          {board.topProducts.map((p) => (
            <li key={p.productId}>
              <Link to={`/admin/products/${p.productId}`}>{p.name}</Link>: {p.units} {t('COL_UNITS')},{' '}
              {money(p.salesMinor)}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="low-stock">
        <h2 id="low-stock">{t('LOW_STOCK')}</h2>
        {board.lowStock.length === 0 ? <p>{t('NO_LOW_STOCK')}</p> : null}
        <ul>
          {board.lowStock.map((l) => (
            <li key={`${l.productId}/${l.variantId ?? ''}`}>
              <Link
                to={
                  l.variantId ? `/admin/products/${l.productId}/variants` : `/admin/products/${l.productId}`
                }
              >
                {l.name}
              </Link>{' '}
              ({l.code}): {l.stock}
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
