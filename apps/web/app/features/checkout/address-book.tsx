import type { CustomerAddress } from '@shop/contracts/address'
import { useId } from 'react'
import { useShop, useT } from '../../lib/shop.ts'
import { formatAddressLines } from '../address/address-lines.ts'

/**
 * Signed-in customers pick from their address book. For shipping, entries in countries no zone serves are
 * greyed, marked CANT_BE_SHIPPED and cannot be picked (behaviour notes).
 */
export function AddressBookPicker({
  addresses,
  shippable,
  selected,
  onPick,
}: {
  addresses: CustomerAddress[]
  shippable?: readonly string[]
  selected?: string
  onPick: (address: CustomerAddress) => void
}) {
  const t = useT()
  const { language } = useShop()
  const name = useId()
  if (addresses.length === 0) return null
  return (
    <fieldset className="address-picker">
      <legend>{t('SAVED_ADDRESSES')}</legend>
      {addresses.map((a) => {
        const blocked = shippable ? !shippable.includes(a.country) : false
        const lines = formatAddressLines(a, language)
        return (
          <label key={a.id} className="address-picker__option" data-blocked={blocked || undefined}>
            <input
              type="radio"
              name={name}
              value={a.id}
              checked={selected === a.id}
              disabled={blocked}
              onChange={() => onPick(a)}
            />
            <span>
              {lines.join(', ')}
              {blocked ? <span className="address-picker__blocked"> — {t('CANT_BE_SHIPPED')}</span> : null}
            </span>
          </label>
        )
      })}
    </fieldset>
  )
}
