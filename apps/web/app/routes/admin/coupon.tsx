import type { StaffCoupon } from '@shop/contracts/backoffice-coupons'
import { data, Form, Link, redirect, useActionData, useLoaderData } from 'react-router'
import {
  couponErrorsFromApi,
  couponFormValues,
  formValues,
  readCouponForm,
} from '../../features/admin/coupon-form.ts'
import { CouponFormView } from '../../features/admin/coupon-form-view.tsx'
import { adminMeta } from '../../features/admin/meta.ts'
import type { FieldErrors } from '../../features/admin/product-form.ts'
import { asStaff } from '../../features/admin/staff.server.ts'
import { adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { isApiError } from '../../lib/api.ts'
import { getSession } from '../../lib/context.server.ts'
import type { Route } from './+types/coupon'

export const meta: Route.MetaFunction = adminMeta

const currenciesOf = (sites: ReadonlyArray<{ currency: string }>) => [
  ...new Set(sites.map((s) => s.currency)),
]
const couponPath = (code: string) => `/admin/coupons/${encodeURIComponent(code)}`

/** A new coupon's form (/admin/coupons/new) or a coupon's (/admin/coupons/{code}), owner only (ADR 0065). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const t = adminTranslator(session.language)
  const currencies = currenciesOf(session.sites)
  let coupon: StaffCoupon | null = null
  if (params.code) {
    try {
      coupon = await asStaff(request, () => session.api.staffCoupon(params.code as string))
    } catch (error) {
      if (isApiError(error, 404) || isApiError(error, 400)) throw data(null, 404)
      throw error
    }
  }
  return {
    coupon,
    currencies,
    values: couponFormValues(coupon, currencies),
    language: session.language,
    saved: new URL(request.url).searchParams.has('saved'),
    title: `${coupon ? t('EDIT_COUPON', { code: coupon.code }) : t('NEW_COUPON')} – ${t('ADMIN')}`,
  }
}

/** Saves the form (a new coupon, or the coupon's settings) or deletes the coupon. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const form = await request.formData()
  const code = params.code
  const refused = (values: Record<string, string>, errors: FieldErrors, status: number, gone = false) =>
    data({ values, errors, gone }, status)
  if (code && form.get('intent') === 'delete') {
    try {
      await asStaff(request, () => session.api.deleteCoupon(code))
    } catch (error) {
      if (isApiError(error, 404)) return refused({}, {}, 404, true)
      throw error
    }
    throw redirect(`/admin/coupons?deleted=${encodeURIComponent(code)}`)
  }
  const values = { ...formValues(form), ...(code ? { code } : {}) }
  const currencies = currenciesOf(session.sites)
  const { input, errors } = readCouponForm(values, currencies)
  if (Object.keys(errors).length > 0) return refused(values, errors, 400)
  try {
    if (code) {
      const { code: _, ...settings } = input
      await asStaff(request, () => session.api.updateCoupon(code, settings))
    } else await asStaff(request, () => session.api.createCoupon(input))
  } catch (error) {
    if (isApiError(error, 404)) return refused(values, {}, 404, true)
    if (isApiError(error, 400) || isApiError(error, 409))
      return refused(values, couponErrorsFromApi(error.body.details, input, currencies), error.status)
    throw error
  }
  throw redirect(`${couponPath(input.code)}?saved`)
}

export default function AdminCoupon() {
  const loaded = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const { coupon, language, saved } = loaded
  const t = adminTranslator(language)
  const errors = result?.errors ?? {}
  const failed = Object.keys(errors).length > 0
  return (
    <>
      <p>
        <Link to="/admin/coupons">{t('COUPONS')}</Link>
      </p>
      <h1>{coupon ? t('EDIT_COUPON', { code: coupon.code }) : t('NEW_COUPON')}</h1>
      {result?.gone ? (
        <p role="alert" className="admin-alert">
          {t('COUPON_GONE')}
        </p>
      ) : failed ? (
        <p role="alert" className="admin-alert">
          {t('INVALID_FORM')}
        </p>
      ) : saved ? (
        <p role="status" className="admin-notice">
          {t('COUPON_SAVED')}
        </p>
      ) : null}
      <CouponFormView
        key={coupon ? `${coupon.code}-${saved}` : 'new'}
        coupon={coupon}
        currencies={loaded.currencies}
        values={result?.values && !result.gone ? { ...loaded.values, ...result.values } : loaded.values}
        errors={errors}
        language={language}
      />
      {coupon ? (
        <>
          <p>
            <Link to={`/admin/activity?entity=coupon&entityId=${encodeURIComponent(coupon.code)}`}>
              {t('COUPON_HISTORY')}
            </Link>
          </p>
          <CouponDelete code={coupon.code} language={language} />
        </>
      ) : null}
    </>
  )
}

/** Deleting: behind a disclosure that says what it does, a plain form (works before hydration). */
function CouponDelete({ code, language }: { code: string; language: Language }) {
  const t = adminTranslator(language)
  return (
    <section className="admin-danger" aria-labelledby="delete-coupon">
      <h2 id="delete-coupon">{t('DELETE_COUPON')}</h2>
      <details>
        <summary>{t('DELETE_COUPON_OPEN', { code })}</summary>
        <Form method="post" className="admin-form">
          <input type="hidden" name="intent" value="delete" />
          <p>{t('DELETE_COUPON_TEXT')}</p>
          <div>
            <button type="submit" className="button button--danger">
              {t('DELETE_COUPON_BUTTON', { code })}
            </button>
          </div>
        </Form>
      </details>
    </section>
  )
}
