import type { Customer } from '@shop/contracts/customer'
import { Form } from 'react-router'
import { useT } from '../../lib/shop.ts'
import type { AccountLists } from './account-lists.ts'
import { AddressBook } from './address-book.tsx'
import { CustomerDetails } from './customer-details.tsx'
import { OrderList } from './order-list.tsx'

interface Props extends AccountLists {
  customer: Customer
}

export function AccountPage({ customer, addresses, orders }: Props) {
  const t = useT()
  return (
    <div className="container account">
      <div className="account__header">
        <h1>{t('ACCOUNT_TITLE')}</h1>
        <Form method="post" action="/sign-in?returnTo=%2Faccount">
          <input type="hidden" name="intent" value="logout" />
          <button type="submit" className="button button--secondary">
            {t('SIGN_OUT')}
          </button>
        </Form>
      </div>
      <CustomerDetails customer={customer} />
      <AddressBook addresses={addresses} />
      <OrderList orders={orders} />
    </div>
  )
}
