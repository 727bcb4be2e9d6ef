import * as categories from './admin/categories.ts'
import * as coupons from './admin/coupons.ts'
import * as customers from './admin/customers.ts'
import * as dashboard from './admin/dashboard.ts'
import * as images from './admin/images.ts'
import * as importAndExport from './admin/import-and-export.ts'
import * as orders from './admin/orders.ts'
import * as shipping from './admin/shipping.ts'
import * as shopWindow from './admin/shop-window.ts'
import * as sites from './admin/sites.ts'
import * as staff from './admin/staff.ts'
import * as variantsAndPrices from './admin/variants-and-prices.ts'
import type { Language } from './index.ts'

/**
 * The back office's texts, apart from the shop's catalogues so that none of them reaches a shopper's page
 * (only the /admin routes import this file). de has exactly the same keys (catalogues.test.ts).
 */
const baseEn = {
  ADMIN: 'Back office',
  ADMIN_NAV: 'Back office menu',
  STAFF_SIGN_IN: 'Staff sign-in',
  STAFF_SIGN_IN_HINT: 'Sign in with the account the shop owner gave staff rights.',
  EMAIL: 'E-mail',
  PASSWORD: 'Password',
  SIGN_IN: 'Sign in',
  SIGN_OUT: 'Sign out',
  NOT_STAFF: 'This account has no access to the back office. Ask the shop owner for staff rights.',
  INVALID_CREDENTIALS: 'The e-mail or password is not correct.',
  SIGN_IN_FAILED: 'Signing in failed. Please try again.',
  SIGNED_IN_AS: 'Signed in as {email} ({role})',
  ROLE_owner: 'owner',
  ROLE_catalogue: 'catalogue staff',
  PRODUCTS: 'Products',
  NEW_PRODUCT: 'New product',
  OPEN_SHOP: 'Open the shop',
  SEARCH_PRODUCTS: 'Search by name or SKU',
  SEARCH: 'Search',
  PRODUCT_COUNT: '{count} products',
  NO_PRODUCTS: 'No products found.',
  COL_NAME: 'Name',
  COL_SKU: 'SKU',
  COL_STATUS: 'Status',
  COL_PRICE: 'Price',
  COL_STOCK: 'Stock',
  COL_CATEGORY: 'Category',
  COL_CREATED: 'Created',
  SORT_BY: 'Sort by {column}',
  SORTED_ASC: 'sorted ascending',
  SORTED_DESC: 'sorted descending',
  PUBLISHED: 'Published',
  DRAFT: 'Draft',
  PAGING: 'Pages',
  PAGE_OF: 'Page {page} of {pages}',
  PREVIOUS: 'Previous page',
  NEXT: 'Next page',
  EDIT_PRODUCT: 'Edit: {name}',
  FIELD_SKU: 'SKU',
  FIELD_NAME: 'Name ({language})',
  FIELD_DESCRIPTION: 'Description ({language})',
  FIELD_PUBLISHED: 'Published: shoppers see it in the shop',
  FIELD_TAX_CODE: 'Tax code',
  FIELD_PRICE: 'Price in {currency}',
  FIELD_ORIGINAL: 'Original price in {currency}',
  ORIGINAL_HINT: 'Only for a reduced price: the price before the reduction.',
  FIELD_STOCK: 'Stock',
  STOCK_HINT: 'Units on hand. If an order takes units while you edit, you will be asked to check again.',
  OPTIONAL: 'optional',
  TEXTS: 'Names and descriptions',
  PRICES: 'Prices',
  INVENTORY: 'Stock and status',
  SAVE: 'Save',
  SAVED: 'Saved.',
  INVALID_FORM: 'Please correct the marked fields.',
  REQUIRED: 'Please fill in this field.',
  AMOUNT_INVALID: 'Enter an amount such as 12.50.',
  STOCK_INVALID: 'Enter a whole number, 0 or more.',
  ABOVE_ORIGINAL: 'The price cannot be above the original price.',
  MISSING_PRICE: 'A published product needs a price (in {currency}).',
  SKU_TAKEN: 'Another product has this SKU.',
  SKU_INVALID: 'Letters, digits, dot, hyphen and underscore only.',
  STOCK_CHANGED:
    'The stock changed to {stock} while you were editing (an order?). Check the figure and save again.',
  LANGUAGE_en: 'English',
  LANGUAGE_de: 'German',
}

export const en = {
  ...baseEn,
  ...categories.en,
  ...variantsAndPrices.en,
  ...images.en,
  ...orders.en,
  ...shopWindow.en,
  ...importAndExport.en,
  ...shipping.en,
  ...sites.en,
  ...staff.en,
  ...customers.en,
  ...coupons.en,
  ...dashboard.en,
}

/** The keys of the texts shared by every area (admin-keys.test.ts checks that no area defines one again). */
export const baseKeys = Object.keys(baseEn)

export type AdminKey = keyof typeof en

const baseDe: Record<keyof typeof baseEn, string> = {
  ADMIN: 'Verwaltung',
  ADMIN_NAV: 'Menü der Verwaltung',
  STAFF_SIGN_IN: 'Anmeldung für Mitarbeitende',
  STAFF_SIGN_IN_HINT: 'Melden Sie sich mit dem Konto an, dem der Shop-Inhaber Mitarbeiterrechte gegeben hat.',
  EMAIL: 'E-Mail',
  PASSWORD: 'Passwort',
  SIGN_IN: 'Anmelden',
  SIGN_OUT: 'Abmelden',
  NOT_STAFF:
    'Dieses Konto hat keinen Zugang zur Verwaltung. Bitten Sie den Shop-Inhaber um Mitarbeiterrechte.',
  INVALID_CREDENTIALS: 'E-Mail oder Passwort ist nicht korrekt.',
  SIGN_IN_FAILED: 'Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  SIGNED_IN_AS: 'Angemeldet als {email} ({role})',
  ROLE_owner: 'Inhaber',
  ROLE_catalogue: 'Katalogpflege',
  PRODUCTS: 'Produkte',
  NEW_PRODUCT: 'Neues Produkt',
  OPEN_SHOP: 'Zum Shop',
  SEARCH_PRODUCTS: 'Nach Name oder Artikelnummer suchen',
  SEARCH: 'Suchen',
  PRODUCT_COUNT: '{count} Produkte',
  NO_PRODUCTS: 'Keine Produkte gefunden.',
  COL_NAME: 'Name',
  COL_SKU: 'Artikelnummer',
  COL_STATUS: 'Status',
  COL_PRICE: 'Preis',
  COL_STOCK: 'Bestand',
  COL_CATEGORY: 'Kategorie',
  COL_CREATED: 'Angelegt',
  SORT_BY: 'Nach {column} sortieren',
  SORTED_ASC: 'aufsteigend sortiert',
  SORTED_DESC: 'absteigend sortiert',
  PUBLISHED: 'Veröffentlicht',
  DRAFT: 'Entwurf',
  PAGING: 'Seiten',
  PAGE_OF: 'Seite {page} von {pages}',
  PREVIOUS: 'Vorherige Seite',
  NEXT: 'Nächste Seite',
  EDIT_PRODUCT: 'Bearbeiten: {name}',
  FIELD_SKU: 'Artikelnummer',
  FIELD_NAME: 'Name ({language})',
  FIELD_DESCRIPTION: 'Beschreibung ({language})',
  FIELD_PUBLISHED: 'Veröffentlicht: im Shop sichtbar',
  FIELD_TAX_CODE: 'Steuerschlüssel',
  FIELD_PRICE: 'Preis in {currency}',
  FIELD_ORIGINAL: 'Ursprünglicher Preis in {currency}',
  ORIGINAL_HINT: 'Nur bei reduziertem Preis: der Preis vor der Reduzierung.',
  FIELD_STOCK: 'Bestand',
  STOCK_HINT:
    'Vorrätige Stück. Nimmt eine Bestellung während der Bearbeitung Stück weg, werden Sie zur Prüfung gebeten.',
  OPTIONAL: 'optional',
  TEXTS: 'Namen und Beschreibungen',
  PRICES: 'Preise',
  INVENTORY: 'Bestand und Status',
  SAVE: 'Speichern',
  SAVED: 'Gespeichert.',
  INVALID_FORM: 'Bitte korrigieren Sie die markierten Felder.',
  REQUIRED: 'Bitte füllen Sie dieses Feld aus.',
  AMOUNT_INVALID: 'Geben Sie einen Betrag wie 12,50 ein.',
  STOCK_INVALID: 'Geben Sie eine ganze Zahl ab 0 ein.',
  ABOVE_ORIGINAL: 'Der Preis darf nicht über dem ursprünglichen Preis liegen.',
  MISSING_PRICE: 'Ein veröffentlichtes Produkt braucht einen Preis (in {currency}).',
  SKU_TAKEN: 'Ein anderes Produkt hat diese Artikelnummer.',
  SKU_INVALID: 'Nur Buchstaben, Ziffern, Punkt, Bindestrich und Unterstrich.',
  STOCK_CHANGED:
    'Der Bestand hat sich während der Bearbeitung auf {stock} geändert (eine Bestellung?). Prüfen Sie die Zahl und speichern Sie erneut.',
  LANGUAGE_en: 'Englisch',
  LANGUAGE_de: 'Deutsch',
}

export const de: Record<AdminKey, string> = {
  ...baseDe,
  ...categories.de,
  ...variantsAndPrices.de,
  ...images.de,
  ...orders.de,
  ...shopWindow.de,
  ...importAndExport.de,
  ...shipping.de,
  ...sites.de,
  ...staff.de,
  ...customers.de,
  ...coupons.de,
  ...dashboard.de,
}

export type AdminTranslate = (key: AdminKey, values?: Record<string, string | number>) => string

export function adminTranslator(language: Language): AdminTranslate {
  const messages = language === 'de' ? de : en
  return (key, values) => {
    const text = messages[key] ?? en[key]
    return values
      ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`))
      : text
  }
}
