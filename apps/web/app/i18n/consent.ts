/** Texts of the consent banner (docs/decisions/0023). */
export const en = {
  CONSENT_TITLE: 'Your privacy',
  CONSENT_TEXT: 'May we count the pages you view and the products you add to your cart, to improve the shop?',
  CONSENT_DETAILS: 'Nothing is tracked unless you accept. We remember your choice for 180 days.',
  CONSENT_ACCEPT: 'Accept tracking',
  CONSENT_DECLINE: 'Decline tracking',
  CONSENT_FAILED: 'Your choice could not be saved. Please check your connection and try again.',
}

export const de: { [K in keyof typeof en]: string } = {
  CONSENT_TITLE: 'Ihre Privatsphäre',
  CONSENT_TEXT:
    'Dürfen wir zählen, welche Seiten Sie ansehen und welche Produkte Sie in den Warenkorb legen, um den Shop zu verbessern?',
  CONSENT_DETAILS: 'Ohne Ihre Zustimmung wird nichts erfasst. Wir merken uns Ihre Wahl 180 Tage lang.',
  CONSENT_ACCEPT: 'Tracking erlauben',
  CONSENT_DECLINE: 'Tracking ablehnen',
  CONSENT_FAILED:
    'Ihre Wahl konnte nicht gespeichert werden. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
}
