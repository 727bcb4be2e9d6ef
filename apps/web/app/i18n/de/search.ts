import type { en } from '../search.ts'

/**
 * German texts of the search area, exactly the keys of ../search.ts; a module apart from the English ones, so a
 * page loads only its own language's texts (docs/decisions/0071).
 */
export const de: { [K in keyof typeof en]: string } = {
  SEARCH_LABEL: 'Produkte suchen',
  SEARCH_PLACEHOLDER: 'Suchen…',
  SEARCH_SUBMIT: 'Suchen',
  SEARCH_RESULTS: 'Suchvorschläge',
  SEARCH_SEE_ALL: 'Alle Ergebnisse anzeigen ({n})',
  SEARCH_TITLE: 'Ergebnisse für „{q}“',
  SEARCH_DESCRIPTION: 'Produkte zu „{q}“ bei {shop}.',
  SEARCH_COUNT: '{n} Produkte gefunden',
  SEARCH_COUNT_ONE: '1 Produkt gefunden',
  SEARCH_COUNT_MORE: '{n}+ Produkte gefunden',
  SEARCH_NO_RESULTS:
    'Keine Produkte zu „{q}“. Prüfen Sie die Schreibweise oder versuchen Sie einen allgemeineren Begriff.',
  SEARCH_ERROR: 'Die Suche ist gerade nicht verfügbar. Bitte versuchen Sie es später erneut.',
  SEARCH_SORT: 'Sortieren nach',
  SEARCH_SORT_RELEVANCE: 'Relevanz',
  SEARCH_REFINE: 'Verfeinern',
  SEARCH_CATEGORY: 'Kategorie',
  SEARCH_ANY_CATEGORY: 'Alle Kategorien',
  SEARCH_PRICE_MIN: 'Preis ab ({currency})',
  SEARCH_PRICE_MAX: 'Preis bis ({currency})',
  SEARCH_IN_STOCK: 'Nur vorrätige Artikel',
  SEARCH_APPLY: 'Anwenden',
  SEARCH_RESET: 'Filter zurücksetzen',
  SEARCH_LOAD_MORE: 'Weitere Ergebnisse laden',
  SEARCH_LOADING: 'Weitere Ergebnisse werden geladen…',
}
