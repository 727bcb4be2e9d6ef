import type { en } from '../consent.ts'

/**
 * German texts of the consent area, exactly the keys of ../consent.ts; a module apart from the English ones, so a
 * page loads only its own language's texts (docs/decisions/0071).
 */
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
