import { conflict } from '../../platform/http/errors.ts'

/** The checkout's expected failures (spec §8), shared by its steps. */
export const invalid = (field: string, message: string) => ({
  field: `body.${field}`,
  type: 'invalid',
  message,
})

export const outOfStock = (itemYrn: string, message: string) =>
  conflict('out_of_stock', 'An item of the cart is out of stock', [
    { field: itemYrn, type: 'out_of_stock', message },
  ])

export const rolledBack = (message = 'The payment took too long; please try again') =>
  conflict('checkout_rolled_back', message)
