import assert from 'node:assert/strict'
import { test } from 'node:test'
import { mailSender, parseMailbox } from './shop-settings.rules.ts'

const none = { mailFromName: null, mailFromAddress: null }

test('MAIL_FROM exactly as configured while the owner has set no sender', () => {
  assert.equal(mailSender(none, 'Shop <shop@localhost>'), 'Shop <shop@localhost>')
  assert.equal(mailSender(none, 'shop@example.com'), 'shop@example.com')
})

test('the owner’s name and address, each falling back to MAIL_FROM’s', () => {
  const both = { mailFromName: 'Fluent Goods', mailFromAddress: 'hello@fluent.example' }
  assert.equal(mailSender(both, 'Shop <shop@localhost>'), '"Fluent Goods" <hello@fluent.example>')
  assert.equal(
    mailSender({ ...none, mailFromName: 'Fluent' }, 'Shop <shop@localhost>'),
    '"Fluent" <shop@localhost>',
  )
  assert.equal(
    mailSender({ ...none, mailFromAddress: 'a@b.example' }, '"The Shop" <shop@localhost>'),
    '"The Shop" <a@b.example>',
  )
  assert.equal(mailSender({ ...none, mailFromAddress: 'a@b.example' }, 'shop@localhost'), 'a@b.example')
})

test('parseMailbox: quoted and bare names, a bare address', () => {
  assert.deepEqual(parseMailbox('"The Shop" <shop@x.example>'), {
    name: 'The Shop',
    address: 'shop@x.example',
  })
  assert.deepEqual(parseMailbox('Shop <shop@x.example>'), { name: 'Shop', address: 'shop@x.example' })
  assert.deepEqual(parseMailbox(' shop@x.example '), { name: '', address: 'shop@x.example' })
})
