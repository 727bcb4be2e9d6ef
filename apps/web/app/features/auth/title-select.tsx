import { useT } from '../../lib/shop.ts'
import { SelectField } from '../../ui/form/select-field.tsx'

/** The customer's title (sign-up and the account's name dialog); posted as `title`. */
export function TitleSelect({ defaultValue = '' }: { defaultValue?: string }) {
  const t = useT()
  return (
    <SelectField name="title" label={t('TITLE')} defaultValue={defaultValue}>
      <option value="">{t('TITLE_NONE')}</option>
      <option value="MR">{t('TITLE_MR')}</option>
      <option value="MS">{t('TITLE_MS')}</option>
      <option value="MRS">{t('TITLE_MRS')}</option>
      <option value="DR">{t('TITLE_DR')}</option>
    </SelectField>
  )
}
