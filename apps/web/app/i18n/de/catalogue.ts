import type { en } from '../catalogue.ts'

/**
 * German texts of the catalogue area, exactly the keys of ../catalogue.ts; a module apart from the English ones, so a
 * page loads only its own language's texts (docs/decisions/0071).
 */
export const de: { [K in keyof typeof en]: string } = {
  BACK_TO_TOP: 'Nach oben',
  LOADING_MORE: 'Weitere Produkte werden geladen…',
  SHOP_BY_CATEGORY: 'Nach Kategorie einkaufen',
  PRODUCT_IMAGES: 'Produktbilder',
  SHOW_IMAGE: 'Bild {n} von {total} zeigen',
  PRODUCT_TABS: 'Produktinformationen',
  SPECIFICATIONS: 'Technische Daten',
  NO_SPECIFICATIONS: 'Für dieses Produkt gibt es keine technischen Daten.',
  OPTION_COLOUR: 'Farbe',
  OPTION_SIZE: 'Größe',
  OPTION_MATERIAL: 'Material',
  OPTION_LENGTH: 'Länge',
  OPTION_WIDTH: 'Weite',
  OPTION_CAPACITY: 'Volumen',
  OPTION_STYLE: 'Ausführung',
  FEES_TITLE: 'Zusätzliche Gebühren',
  FEE_EACH: 'je Stück',
  SHIPPING_RATES: 'Versandkosten',
  SHIPPING_RATES_INTRO: 'Was die Lieferung kostet, nach Ziel und Bestellwert.',
  SHIPS_TO: 'Lieferung nach',
  ORDER_VALUE: 'Bestellwert',
  SHIPPING_COST: 'Versand',
  ORDER_VALUE_RANGE: '{from} – {to}',
  ORDER_VALUE_FROM: 'ab {from}',
  FREE: 'Kostenlos',
  SEE_MORE: 'Mehr anzeigen',
  SEE_LESS: 'Weniger anzeigen',
  CLOSE_MENU: 'Menü schließen',
  STORE_CONFIG_ERROR: 'Die Shop-Konfiguration konnte nicht geladen werden. Bitte laden Sie die Seite neu!',
  REFRESH: 'Neu laden',
  SKU: 'Artikelnummer',
}
