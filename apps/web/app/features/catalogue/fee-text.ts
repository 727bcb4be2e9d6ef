import { currencySymbol } from '@shop/contracts/money'
import type { ItemFee } from '../../lib/api/browse.ts'
import { numberFormat } from '../../lib/format.ts'

const FEE_DECIMALS = 2 // spec §9

/** "(+ $2.50)", always 2 decimals in the shopper's number format; a per-item fee adds the "each" marker. */
export function feeText(fee: ItemFee, each: string, language = 'en'): string {
  const number = numberFormat(language, FEE_DECIMALS, true).format(fee.feeAbsolute.amount)
  const amount = `${currencySymbol(fee.feeAbsolute.currency)}${number}`
  return fee.feeType === 'ABSOLUTE_MULTIPLY_ITEMQUANTITY' ? `(+ ${amount} ${each})` : `(+ ${amount})`
}
