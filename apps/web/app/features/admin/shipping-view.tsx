import type { StaffShipping, StaffShippingZone } from '@shop/contracts/backoffice-shipping'
import { Form } from 'react-router'
import { type AdminTranslate, adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import { countryName } from '../address/countries.ts'
import type { FieldErrors } from './product-form.ts'
import { methodFormValues, type ShippingFailure } from './shipping-form.ts'
import { MethodFields, MethodRow, type SiteTerms } from './shipping-method.tsx'

const message = (t: AdminTranslate, errors: FieldErrors, field: string) => {
  const problem = errors[field]
  return problem ? t(problem.key, problem.values) : undefined
}

/** The failure of the form `key`, if the last post was that form's and refused (not gone). */
const failureOf = (failure: ShippingFailure | undefined, key: string) =>
  failure?.form === key && !failure.gone ? failure : undefined

/**
 * A site's shipping (docs/decisions/0062-staff-shipping.md): a form for a new zone, then each zone with its
 * countries, its edit and delete, its methods and a form for a new one. Every control is a plain form's, so the
 * page works by keyboard and before hydration; a refused form opens again with what was typed and the reason.
 */
export function ShippingView({
  shipping,
  language,
  failure,
}: {
  shipping: StaffShipping
  language: Language
  failure: ShippingFailure | undefined
}) {
  const t = adminTranslator(language)
  const site: SiteTerms = { ...shipping, language }
  const fresh = failureOf(failure, 'zone-new')
  return (
    <>
      <section aria-labelledby="new-zone" className="admin-section">
        <h2 id="new-zone">{t('NEW_ZONE')}</h2>
        <ZoneForm intent="create-zone" t={t} values={fresh?.values ?? {}} errors={fresh?.errors ?? {}} />
      </section>
      <section aria-labelledby="zones" className="admin-section">
        <h2 id="zones">{t('ZONES')}</h2>
        {shipping.zones.length === 0 ? <p>{t('NO_ZONES')}</p> : null}
        {shipping.zones.map((zone) => (
          <Zone key={zone.id} zone={zone} site={site} t={t} failure={failure} />
        ))}
      </section>
    </>
  )
}

function ZoneForm({
  intent,
  zoneId,
  t,
  values,
  errors,
}: {
  intent: 'create-zone' | 'update-zone'
  zoneId?: string
  t: AdminTranslate
  values: Record<string, string>
  errors: FieldErrors
}) {
  return (
    <Form method="post" className="admin-form">
      <input type="hidden" name="intent" value={intent} />
      {zoneId ? <input type="hidden" name="zoneId" value={zoneId} /> : null}
      <TextField
        name="zoneName"
        label={t('FIELD_ZONE_NAME')}
        hint={t('ZONE_NAME_HINT')}
        defaultValue={values.zoneName}
        error={message(t, errors, 'zoneName')}
        maxLength={100}
      />
      <TextField
        name="countries"
        label={t('FIELD_COUNTRIES')}
        hint={t('COUNTRIES_HINT')}
        defaultValue={values.countries}
        error={message(t, errors, 'countries')}
        autoComplete="off"
        maxLength={1000}
      />
      <div>
        <button type="submit" className="button button--primary">
          {t(intent === 'create-zone' ? 'ADD_ZONE' : 'SAVE_ZONE')}
        </button>
      </div>
    </Form>
  )
}

function Zone({
  zone,
  site,
  t,
  failure,
}: {
  zone: StaffShippingZone
  site: SiteTerms
  t: AdminTranslate
  failure: ShippingFailure | undefined
}) {
  const headingId = `zone-${zone.id}`
  const edit = failureOf(failure, headingId)
  const fresh = failureOf(failure, `method-new-${zone.id}`)
  const countries = zone.countries.map((code) => `${countryName(code, site.language)} (${code})`).join(', ')
  return (
    <section aria-labelledby={headingId} className="admin-section admin-zone">
      <h3 id={headingId}>{zone.name}</h3>
      <p>{t('ZONE_SHIPS_TO', { countries })}</p>
      <details className="admin-tree__edit" open={Boolean(edit)}>
        <summary>{t('EDIT_ZONE', { name: zone.name })}</summary>
        <ZoneForm
          intent="update-zone"
          zoneId={zone.id}
          t={t}
          values={edit?.values ?? { zoneName: zone.name, countries: zone.countries.join(', ') }}
          errors={edit?.errors ?? {}}
        />
      </details>
      <details className="admin-tree__edit">
        <summary>{t('REMOVE_ZONE', { name: zone.name })}</summary>
        <Form method="post" className="admin-form">
          <input type="hidden" name="intent" value="delete-zone" />
          <input type="hidden" name="zoneId" value={zone.id} />
          <p>{t('REMOVE_ZONE_TEXT', { count: zone.methods.length })}</p>
          <div>
            <button type="submit" className="button">
              {t('REMOVE_ZONE_BUTTON', { name: zone.name })}
            </button>
          </div>
        </Form>
      </details>
      <h4>{t('METHODS_OF', { name: zone.name })}</h4>
      {zone.methods.length === 0 ? (
        <p>{t('NO_METHODS')}</p>
      ) : (
        <ul className="admin-tree">
          {zone.methods.map((method, index) => (
            <MethodRow
              key={method.id}
              method={method}
              index={index}
              count={zone.methods.length}
              site={site}
              t={t}
              failure={failure}
              formValues={methodFormValues(method, site.languages, site.currency)}
            />
          ))}
        </ul>
      )}
      <details className="admin-tree__edit" open={Boolean(fresh) || zone.methods.length === 0}>
        <summary>{t('NEW_METHOD_IN', { name: zone.name })}</summary>
        <Form method="post" className="admin-form">
          <input type="hidden" name="intent" value="create-method" />
          <input type="hidden" name="zoneId" value={zone.id} />
          <MethodFields
            t={t}
            site={site}
            values={fresh?.values ?? methodFormValues(undefined, site.languages, site.currency)}
            errors={fresh?.errors ?? {}}
          />
          <div>
            <button type="submit" className="button button--primary">
              {t('ADD_METHOD')}
            </button>
          </div>
        </Form>
      </details>
    </section>
  )
}
