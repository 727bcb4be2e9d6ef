import type { en } from '../confirmation.ts'

/**
 * German texts of the confirmation area, exactly the keys of ../confirmation.ts; a module apart from the English ones, so a
 * page loads only its own language's texts (docs/decisions/0071).
 */
export const de: { [K in keyof typeof en]: string } = {
  SIGNUP_AFTER_ORDER_TITLE: 'Konto anlegen',
  SIGNUP_AFTER_ORDER_TEXT:
    'Wählen Sie ein Passwort, um diese Bestellung zu verfolgen und beim nächsten Mal schneller zu bestellen. Ihr Konto verwendet {email}.',
  SIGNUP_AFTER_ORDER_SUBMIT: 'Konto anlegen',
  SIGNUP_AFTER_ORDER_DONE:
    'Ihr Konto wurde angelegt und Sie sind angemeldet. Diese Bestellung finden Sie jetzt in Ihrem Konto.',
  SIGNUP_AFTER_ORDER_NOT_AVAILABLE:
    'Diese Bestellung kann nicht mehr mit einem neuen Konto verknüpft werden.',
  DISCOUNT_WITH_CODE: 'Rabatt ({code})',
}
