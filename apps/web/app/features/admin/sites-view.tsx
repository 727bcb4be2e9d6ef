import type { StaffSite, StaffSites } from '@shop/contracts/backoffice-sites'
import { Form } from 'react-router'
import { type AdminTranslate, adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { countryName } from '../address/countries.ts'
import { languageName, SiteFields, type SiteOptions, TaxFields } from './site-fields.tsx'
import { rateText, type SiteFailure, siteFormValues } from './sites-form.ts'

/** The failure of the form `key`, if the last post was that form's. */
const failureOf = (failure: SiteFailure | undefined, key: string) =>
  failure?.form === key ? failure : undefined

/** "8.25 % added at checkout", "United States 5 %, Canada 13 %". */
function taxSummary(site: StaffSite, t: AdminTranslate, language: Language): string {
  const { tax } = site
  const label = tax.label || t('TAX')
  if (tax.type === 'country') {
    const rates = Object.entries(tax.rates)
      .map(([country, rate]) => `${countryName(country, language)} ${rateText(rate)} %`)
      .join(', ')
    return rates ? t('SITE_TAX_COUNTRIES', { rates, label }) : t('SITE_TAX_NONE')
  }
  if (tax.rate === 0) return t('SITE_TAX_NONE')
  return t(tax.included ? 'SITE_TAX_INCLUDED' : 'SITE_TAX_ADDED', { rate: rateText(tax.rate), label })
}

/**
 * The owner's sites (docs/decisions/0067-staff-sites-and-tax.md): each site with what shoppers get there and its
 * form behind a disclosure, then a form for a new site. Plain forms, so the page works by keyboard and before
 * hydration; a refused form opens again with what was typed and the reason at the field.
 */
export function SitesView({
  sites,
  language,
  failure,
}: {
  sites: StaffSites
  language: Language
  failure: SiteFailure | undefined
}) {
  const t = adminTranslator(language)
  const fresh = failureOf(failure, 'site-new')
  const defaults = { currency: sites.currencies[0] ?? 'USD', payment: sites.payments[0] ?? '' }
  return (
    <>
      <section aria-labelledby="site-list" className="admin-section">
        <h2 id="site-list">{t('SITE_LIST')}</h2>
        {sites.sites.map((site) => (
          <SiteSection
            key={site.code}
            site={site}
            options={sites}
            t={t}
            language={language}
            failure={failure}
          />
        ))}
      </section>
      <section aria-labelledby="site-new" className="admin-section">
        <h2 id="site-new">{t('NEW_SITE')}</h2>
        <details className="admin-tree__edit" open={Boolean(fresh)}>
          <summary>{t('NEW_SITE_OPEN')}</summary>
          <SiteForm
            t={t}
            language={language}
            options={sites}
            values={fresh?.values ?? siteFormValues(undefined, defaults)}
            errors={fresh?.errors ?? {}}
          />
        </details>
      </section>
    </>
  )
}

function SiteSection({
  site,
  options,
  t,
  language,
  failure,
}: {
  site: StaffSite
  options: SiteOptions
  t: AdminTranslate
  language: Language
  failure: SiteFailure | undefined
}) {
  const headingId = `site-${site.code}`
  const edit = failureOf(failure, headingId)
  const languages = site.languages.map((l) => languageName(t, l)).join(', ')
  return (
    <section aria-labelledby={headingId} className="admin-section admin-zone">
      <h3 id={headingId}>{t('SITE_HEADING', { name: site.name, code: site.code })}</h3>
      <ul className="admin-facts">
        {site.default ? <li>{t('SITE_IS_DEFAULT')}</li> : null}
        {site.active ? null : <li>{t('SITE_IS_INACTIVE')}</li>}
        <li>{t('SITE_FACTS', { currency: site.currency, languages })}</li>
        <li>{taxSummary(site, t, language)}</li>
      </ul>
      <details className="admin-tree__edit" open={Boolean(edit)}>
        <summary>{t('EDIT_SITE', { name: site.name })}</summary>
        <SiteForm
          t={t}
          language={language}
          options={options}
          site={site}
          values={edit?.values ?? siteFormValues(site, { currency: site.currency, payment: site.payment })}
          errors={edit?.errors ?? {}}
        />
      </details>
    </section>
  )
}

function SiteForm({
  t,
  language,
  options,
  site,
  values,
  errors,
}: {
  t: AdminTranslate
  language: Language
  options: SiteOptions
  site?: StaffSite
  values: Record<string, string>
  errors: FieldErrors
}) {
  return (
    <Form method="post" className="admin-form">
      <input type="hidden" name="intent" value={site ? 'update-site' : 'create-site'} />
      {site ? <input type="hidden" name="code" value={site.code} /> : null}
      <SiteFields
        t={t}
        options={options}
        values={values}
        errors={errors}
        isNew={!site}
        lockedCurrency={site?.currencyLocked ? site.currency : undefined}
      />
      <TaxFields
        t={t}
        language={language}
        taxableCountries={options.taxableCountries}
        values={values}
        errors={errors}
      />
      <div>
        <button type="submit" className="button button--primary">
          {t(site ? 'SAVE_SITE' : 'ADD_SITE')}
        </button>
      </div>
    </Form>
  )
}

type FieldErrors = SiteFailure['errors']
