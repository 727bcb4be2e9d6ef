/** Texts of the consent banner (docs/decisions/0023). */
export const en = {
  CONSENT_TITLE: 'Your privacy',
  CONSENT_TEXT: 'May we count the pages you view and the products you add to your cart, to improve the shop?',
  CONSENT_DETAILS: 'Nothing is tracked unless you accept. We remember your choice for 180 days.',
  CONSENT_ACCEPT: 'Accept tracking',
  CONSENT_DECLINE: 'Decline tracking',
  CONSENT_FAILED: 'Your choice could not be saved. Please check your connection and try again.',
}
