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
