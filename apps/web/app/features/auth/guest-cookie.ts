/** HttpOnly: the shopper chose "Continue as guest" (spec §2 sign-in dialog with guest option). */
export const GUEST_COOKIE = 'checkout_guest'
