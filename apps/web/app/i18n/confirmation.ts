/** Order confirmation texts (spec §2 confirmation: sign-up after purchase for guests). */
export const en = {
  SIGNUP_AFTER_ORDER_TITLE: 'Create an account',
  SIGNUP_AFTER_ORDER_TEXT:
    'Choose a password to follow this order and check out faster next time. Your account uses {email}.',
  SIGNUP_AFTER_ORDER_SUBMIT: 'Create account',
  SIGNUP_AFTER_ORDER_DONE:
    'Your account has been created and you are signed in. This order is now in your account.',
  SIGNUP_AFTER_ORDER_NOT_AVAILABLE: 'This order can no longer be linked to a new account.',
  DISCOUNT_WITH_CODE: 'Discount ({code})',
} as const

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
