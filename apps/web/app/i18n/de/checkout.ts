import type { en } from '../checkout.ts'

/**
 * German texts of the checkout area, exactly the keys of ../checkout.ts; a module apart from the English ones, so a
 * page loads only its own language's texts (docs/decisions/0071).
 */
export const de: Record<keyof typeof en, string> = {
  STEP_N: 'Schritt {n}',
  STEP_BILLING: 'Rechnungsdaten',
  STEP_SHIPPING: 'Versand',
  STEP_PAYMENT: 'Zahlung',
  STEP_REVIEW: 'Prüfen und bestellen',
  STEP_DONE: 'erledigt',
  CONTINUE_STEP: 'Weiter',
  EDIT_STEP: '{step} bearbeiten',
  EMAIL_CONFIRM: 'E-Mail bestätigen',
  EMAILS_NOT_MATCHING: 'Die E-Mail-Adressen stimmen nicht überein.',
  SAME_AS_SHIPPING: 'Rechnungsadresse ist gleich der Lieferadresse',
  SAVED_ADDRESSES: 'Gespeicherte Adressen',
  CANT_BE_SHIPPED: 'An diese Adresse können wir nicht liefern.',
  COUNTRY_NOT_SHIPPABLE: 'In dieses Land liefern wir nicht.',
  EXPIRY: 'Ablaufdatum',
  CARD_ENDING: 'Karte mit Endziffern {last4}, gültig bis {month}/{year}',
  CARD_INSUFFICIENT_FUNDS: 'Die Karte ist nicht ausreichend gedeckt.',
  CARD_FORM_LOADING: 'Das sichere Kartenformular wird geladen…',
  CARD_FORM_UNAVAILABLE:
    'Das Kartenformular konnte nicht geladen werden. Bitte laden Sie die Seite neu oder versuchen Sie es später.',
  CARD_FORM_NOTE:
    'Ihre Kartendaten geben Sie im sicheren Formular des Zahlungsanbieters ein; sie erreichen diesen Shop nie.',
  CARD_ENTER_AGAIN: 'Bitte bestätigen Sie Ihre Kartendaten erneut.',
  CARD_AUTHENTICATION_FAILED:
    'Die Authentifizierung bei Ihrer Bank ist fehlgeschlagen. Bitte versuchen Sie es erneut oder verwenden Sie eine andere Karte.',
  PLEASE_CORRECT_ERRORS_PREVIEW:
    'Bitte korrigieren Sie die Fehler, damit die Bestellung angezeigt werden kann.',
  PLEASE_CORRECT_ERRORS_ADDRESS:
    'Bitte korrigieren Sie die Adresse: Sie kann für diese Bestellung nicht verwendet werden.',
  PLEASE_CORRECT_MESSAGE_ERRORS:
    'Die Bestellvorschau ist nicht verfügbar. Bitte prüfen Sie Ihre Angaben und versuchen Sie es erneut.',
  PREVIEW_LOADING: 'Ihre Summe wird berechnet…',
  RETRY_PREVIEW: 'Erneut versuchen',
  PROCESSING_ORDER: 'Ihre Bestellung wird bearbeitet…',
  PROCESSING_ORDER_HINT: 'Bitte warten Sie und schließen Sie diese Seite nicht.',
  EDIT_CART: 'Warenkorb bearbeiten',
  EDIT_CART_DONE: 'Bearbeitung beenden',
  CART_CHANGED_BACK_TO_SHIPPING:
    'Ihre Warenkorbsumme hat sich geändert. Bitte prüfen Sie den Versand erneut.',
  ORDER_PREVIEW: 'Bestellvorschau',
  SHOW_ORDER_PREVIEW: 'Bestellvorschau: {total}',
  SHIP_TO: 'Lieferung an',
  BILL_TO: 'Rechnung an',
}
