import type { CustomerAddress } from '@shop/contracts/address'
import { useState } from 'react'
import { Link, useFetcher, useSearchParams } from 'react-router'
import { useShop, useT } from '../../lib/shop.ts'
import { formatAddressLines } from '../address/address-lines.ts'
import type { AccountActionResult } from './account-actions.server.ts'
import type { AccountLists } from './account-lists.ts'
import { ActionError, ActionModal } from './account-modal.tsx'
import { AddressBookFields } from './address-form.tsx'

export function AddressBook({ addresses }: { addresses: AccountLists['addresses'] }) {
  const t = useT()
  const { language } = useShop()
  const [params] = useSearchParams()
  const [editing, setEditing] = useState<CustomerAddress | 'new' | null>(null)
  const [removing, setRemoving] = useState<CustomerAddress | null>(null)
  const defaultFetcher = useFetcher<AccountActionResult>()
  const showingAll = params.get('addresses') === 'all'
  const toggle = new URLSearchParams(params)
  if (showingAll) toggle.delete('addresses')
  else toggle.set('addresses', 'all')
  const items = addresses?.items ?? []
  const many = items.length > 1
  return (
    <section className="account__section" aria-labelledby="addresses-heading">
      <h2 id="addresses-heading">{t('ADDRESS_BOOK')}</h2>
      {defaultFetcher.data && !defaultFetcher.data.ok ? <ActionError result={defaultFetcher.data} /> : null}
      {!addresses ? (
        <p className="alert alert--error">{t('FAIL_ADDRESSES')}</p>
      ) : items.length === 0 ? (
        <p>{t('NO_ADDRESSES')}</p>
      ) : (
        <ul className="address-cards">
          {items.map((a) => (
            <li key={a.id} className="address-card">
              <address>
                {formatAddressLines(a, language).map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: address lines are positional
                  <span key={i} className="address-card__line">
                    {line}
                  </span>
                ))}
              </address>
              {a.isDefault && many ? <p className="badge">{t('DEFAULT_TAG')}</p> : null}
              <div className="actions">
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t('EDIT_ADDRESS_OF', { name: a.contactName })}
                  onClick={() => setEditing(a)}
                >
                  {t('EDIT_ADDRESS')}
                </button>
                {!a.isDefault && many ? (
                  <defaultFetcher.Form method="post" action="/account">
                    <input type="hidden" name="intent" value="address-default" />
                    <input type="hidden" name="addressId" value={a.id} />
                    <button
                      type="submit"
                      className="button button--ghost"
                      aria-label={t('SET_DEFAULT_OF', { name: a.contactName })}
                    >
                      {t('SET_DEFAULT')}
                    </button>
                  </defaultFetcher.Form>
                ) : null}
                {!a.isDefault || !many ? (
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-label={t('DELETE_ADDRESS_OF', { name: a.contactName })}
                    onClick={() => setRemoving(a)}
                  >
                    {t('DELETE')}
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          {t('ADD_ADDRESS')}
        </button>
        {addresses && (addresses.total > 6 || showingAll) ? (
          <Link className="button button--link" to={`?${toggle}`} preventScrollReset>
            {showingAll ? t('SHOW_LESS') : t('SHOW_ALL', { count: addresses.total })}
          </Link>
        ) : null}
      </div>
      <ActionModal
        title={editing === 'new' ? t('ADD_ADDRESS') : t('EDIT_ADDRESS')}
        intent="address-save"
        open={editing !== null}
        onClose={() => setEditing(null)}
        submitLabel={t('SAVE')}
      >
        {editing && editing !== 'new' ? <input type="hidden" name="addressId" value={editing.id} /> : null}
        {editing ? (
          <AddressBookFields
            key={editing === 'new' ? 'new' : editing.id}
            address={editing === 'new' ? undefined : editing}
          />
        ) : null}
        {editing === 'new' || (editing && !editing.isDefault) ? (
          <label className="field--inline">
            <input type="checkbox" name="isDefault" />
            {t('MAKE_DEFAULT')}
          </label>
        ) : null}
      </ActionModal>
      <ActionModal
        title={t('DELETE_ADDRESS')}
        intent="address-delete"
        open={removing !== null}
        onClose={() => setRemoving(null)}
        submitLabel={t('DELETE')}
        danger
      >
        {removing ? (
          <>
            <input type="hidden" name="addressId" value={removing.id} />
            <p>{t('DELETE_ADDRESS_CONFIRM', { name: removing.contactName })}</p>
          </>
        ) : null}
      </ActionModal>
    </section>
  )
}
