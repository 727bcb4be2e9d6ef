import type { ShopSettings } from '@shop/contracts/backoffice-sites'
import { useState } from 'react'
import { Form } from 'react-router'
import { adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import { ImageChoices, ImageField } from './image-field.tsx'
import type { FieldErrors } from './product-form.ts'
import { messageOf } from './site-fields.tsx'

const IMAGES = 'shop-settings-images'

/**
 * The shop's settings (docs/decisions/0067-staff-sites-and-tax.md): contact phone, the mails' sender, logo and
 * icon (uploaded here, or given by address). One plain form: it posts before hydration too; an empty field is
 * "not set", and its hint says what then applies.
 */
export function SettingsView({
  settings,
  values,
  errors,
  language,
}: {
  settings: ShopSettings
  values: Record<string, string>
  errors: FieldErrors
  language: Language
}) {
  const t = adminTranslator(language)
  const [logo, setLogo] = useState(values.logoUrl ?? '')
  const [icon, setIcon] = useState(values.iconUrl ?? '')
  const images = [settings.logoUrl, settings.iconUrl].filter((url): url is string => Boolean(url))
  return (
    <Form method="post" className="admin-form">
      <ImageChoices id={IMAGES} images={[...new Set(images)]} />
      <fieldset>
        <legend>{t('CONTACT')}</legend>
        <TextField
          name="contactPhone"
          type="tel"
          label={t('FIELD_CONTACT_PHONE')}
          hint={t('CONTACT_PHONE_HINT', { phone: settings.defaults.contactPhone })}
          defaultValue={values.contactPhone}
          error={messageOf(t, errors, 'contactPhone')}
          autoComplete="off"
          required={false}
          maxLength={30}
        />
      </fieldset>
      <fieldset>
        <legend>{t('MAIL_SENDER')}</legend>
        <p className="hint field--wide">{t('SENDER_HINT', { mailFrom: settings.defaults.mailFrom })}</p>
        <TextField
          name="mailFromName"
          label={t('FIELD_SENDER_NAME')}
          defaultValue={values.mailFromName}
          error={messageOf(t, errors, 'mailFromName')}
          autoComplete="off"
          required={false}
          maxLength={80}
        />
        <TextField
          name="mailFromAddress"
          type="email"
          label={t('FIELD_SENDER_ADDRESS')}
          defaultValue={values.mailFromAddress}
          error={messageOf(t, errors, 'mailFromAddress')}
          autoComplete="off"
          required={false}
          maxLength={254}
        />
      </fieldset>
      <fieldset>
        <legend>{t('LOGO_AND_ICON')}</legend>
        <ImageField
          t={t}
          name="logoUrl"
          label={t('FIELD_LOGO')}
          hint={t('LOGO_HINT')}
          value={logo}
          onChange={setLogo}
          listId={IMAGES}
          error={messageOf(t, errors, 'logoUrl')}
          required={false}
        />
        <ImageField
          t={t}
          name="iconUrl"
          label={t('FIELD_ICON')}
          hint={t('ICON_HINT')}
          value={icon}
          onChange={setIcon}
          listId={IMAGES}
          error={messageOf(t, errors, 'iconUrl')}
          required={false}
        />
      </fieldset>
      <div>
        <button type="submit" className="button button--primary">
          {t('SAVE_SETTINGS')}
        </button>
      </div>
    </Form>
  )
}
