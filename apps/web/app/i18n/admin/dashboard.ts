/** The back office's texts: the dashboard (see ../admin.ts). de has the same keys. */
export const en = {
  DASHBOARD: 'Dashboard',
  DASHBOARD_PERIOD: 'Period and site',
  FIELD_FROM_DAY: 'From',
  FIELD_TO_DAY: 'To',
  SHOW_PERIOD: 'Show',
  DASHBOARD_BAD_PERIOD:
    'The period is not valid (at most 366 days, the end not before the start): showing the last 30 days.',
  SALES: 'Sales',
  ORDER_COUNT_LABEL: 'Orders',
  AOV: 'Average order value',
  DASHBOARD_NOTE: 'Declined orders and refunds are left out; days in UTC.',
  CHART_TITLE: 'Sales and orders per day from {from} to {to}; the figures are in the table below.',
  DAYS_TABLE: 'Figures per day',
  COL_DAY: 'Day',
  TOP_PRODUCTS: 'Top products',
  COL_UNITS: 'Units',
  NO_SALES: 'No sales in this period.',
  LOW_STOCK: 'Low stock (5 or fewer)',
  NO_LOW_STOCK: 'Nothing is running low.',
  COL_STOCK_CODE: 'SKU or variant code',
}

export const de: Record<keyof typeof en, string> = {
  DASHBOARD: 'Übersicht',
  DASHBOARD_PERIOD: 'Zeitraum und Website',
  FIELD_FROM_DAY: 'Von',
  FIELD_TO_DAY: 'Bis',
  SHOW_PERIOD: 'Anzeigen',
  DASHBOARD_BAD_PERIOD:
    'Der Zeitraum ist ungültig (höchstens 366 Tage, das Ende nicht vor dem Anfang): Es werden die letzten 30 Tage gezeigt.',
  SALES: 'Umsatz',
  ORDER_COUNT_LABEL: 'Bestellungen',
  AOV: 'Durchschnittlicher Bestellwert',
  DASHBOARD_NOTE: 'Abgelehnte Bestellungen und Erstattungen sind abgezogen; Tage in UTC.',
  CHART_TITLE:
    'Umsatz und Bestellungen pro Tag vom {from} bis {to}; die Zahlen stehen in der Tabelle darunter.',
  DAYS_TABLE: 'Zahlen pro Tag',
  COL_DAY: 'Tag',
  TOP_PRODUCTS: 'Meistverkaufte Produkte',
  COL_UNITS: 'Stück',
  NO_SALES: 'Keine Umsätze in diesem Zeitraum.',
  LOW_STOCK: 'Geringer Bestand (5 oder weniger)',
  NO_LOW_STOCK: 'Nichts wird knapp.',
  COL_STOCK_CODE: 'Artikelnummer oder Variantencode',
}
