import type { Customer } from '@shop/contracts/customer'
import { useState } from 'react'
import { useT } from '../../lib/shop.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import { TitleSelect } from '../auth/title-select.tsx'
import { ActionModal } from './account-modal.tsx'

export function CustomerDetails({ customer }: { customer: Customer }) {
  const t = useT()
  const [dialog, setDialog] = useState<'' | 'name' | 'email' | 'password' | 'deletion'>('')
  const close = () => setDialog('')
  const internal = customer.accounts.some((a) => a.providerId === 'internal')
  const social = customer.accounts.find((a) => a.providerId !== 'internal')?.providerId
  const titleKey = customer.title ? (`TITLE_${customer.title}` as const) : null
  const name = [titleKey ? t(titleKey) : '', customer.firstName, customer.middleName, customer.lastName]
    .filter(Boolean)
    .join(' ')
  return (
    <section className="account__section" aria-labelledby="details-heading">
      <h2 id="details-heading">{t('CUSTOMER_DETAILS')}</h2>
      <dl className="facts">
        <dt>{t('NAME')}</dt>
        <dd data-testid="customer-name">{name || '–'}</dd>
        <dt>{t('EMAIL')}</dt>
        <dd data-testid="customer-email">{customer.contactEmail}</dd>
        <dt>{t('CUSTOMER_NUMBER')}</dt>
        <dd>{customer.customerNumber}</dd>
      </dl>
      {social ? (
        <p className="hint">
          {t('SOCIAL_ACCOUNT', { provider: social === 'google' ? 'Google' : 'Facebook' })}
        </p>
      ) : null}
      <div className="actions">
        <button type="button" className="button button--secondary" onClick={() => setDialog('name')}>
          {t('EDIT_NAME')}
        </button>
        {internal ? (
          <>
            <button type="button" className="button button--secondary" onClick={() => setDialog('email')}>
              {t('EDIT_EMAIL')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setDialog('password')}>
              {t('CHANGE_PASSWORD')}
            </button>
          </>
        ) : null}
        <button type="button" className="button button--ghost" onClick={() => setDialog('deletion')}>
          {t('DELETE_ACCOUNT')}
        </button>
      </div>
      <NameDialog customer={customer} open={dialog === 'name'} onClose={close} />
      <EmailDialog open={dialog === 'email'} onClose={close} />
      <PasswordDialog open={dialog === 'password'} onClose={close} />
      <ActionModal
        title={t('DELETE_ACCOUNT')}
        intent="deletion"
        open={dialog === 'deletion'}
        onClose={close}
        submitLabel={t('DELETE_ACCOUNT_REQUEST_SEND')}
        danger
        done={() => <p>{t('DELETE_ACCOUNT_REQUESTED')}</p>}
      >
        <p>{t('DELETE_ACCOUNT_REQUEST_TEXT')}</p>
      </ActionModal>
    </section>
  )
}

interface DialogProps {
  open: boolean
  onClose: () => void
}

function NameDialog({ customer, open, onClose }: DialogProps & { customer: Customer }) {
  const t = useT()
  return (
    <ActionModal title={t('EDIT_NAME')} intent="name" open={open} onClose={onClose} submitLabel={t('SAVE')}>
      <TitleSelect defaultValue={customer.title} />
      <TextField
        name="firstName"
        label={t('FIRST_NAME')}
        required={false}
        defaultValue={customer.firstName}
        autoComplete="given-name"
      />
      <TextField
        name="middleName"
        label={t('MIDDLE_NAME')}
        required={false}
        defaultValue={customer.middleName}
        autoComplete="additional-name"
      />
      <TextField
        name="lastName"
        label={t('LAST_NAME')}
        required={false}
        defaultValue={customer.lastName}
        autoComplete="family-name"
      />
    </ActionModal>
  )
}

function EmailDialog({ open, onClose }: DialogProps) {
  const t = useT()
  return (
    <ActionModal
      title={t('EDIT_EMAIL')}
      intent="email"
      open={open}
      onClose={onClose}
      submitLabel={t('SAVE')}
      done={(r) => <p>{t('EDIT_EMAIL_SENT', { email: r.email ?? '' })}</p>}
    >
      <TextField name="email" type="email" label={t('NEW_EMAIL')} autoComplete="email" />
      <TextField
        name="password"
        type="password"
        label={t('CURRENT_PASSWORD')}
        autoComplete="current-password"
      />
    </ActionModal>
  )
}

function PasswordDialog({ open, onClose }: DialogProps) {
  const t = useT()
  return (
    <ActionModal
      title={t('CHANGE_PASSWORD')}
      intent="password"
      open={open}
      onClose={onClose}
      submitLabel={t('SAVE_PASSWORD')}
      done={() => (
        <>
          <h3>{t('PASSWORD_CHANGED_TITLE')}</h3>
          <p>{t('PASSWORD_CHANGED_TEXT')}</p>
        </>
      )}
    >
      <TextField
        name="currentPassword"
        type="password"
        label={t('CURRENT_PASSWORD')}
        autoComplete="current-password"
      />
      <TextField
        name="newPassword"
        type="password"
        label={t('NEW_PASSWORD')}
        autoComplete="new-password"
        hint={t('PASSWORD_HINT')}
      />
      <TextField name="confirm" type="password" label={t('CONFIRM_PASSWORD')} autoComplete="new-password" />
    </ActionModal>
  )
}
