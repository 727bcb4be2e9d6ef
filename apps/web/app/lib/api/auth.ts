import {
  authApi,
  type LoginRequest,
  type OrderSignupRequest,
  type PasswordChange,
  type SignupRequest,
  type SocialProvider,
} from '@shop/contracts/auth'
import type { Transport } from './transport.ts'

/** Tokens, sign-in, sign-up, social sign-in and the password flows (spec §7). */
export function authCalls({ call }: Transport) {
  return {
    anonymousLogin: (sessionId: string) => call(authApi.anonymousLogin, { query: { session_id: sessionId } }),
    login: (body: LoginRequest) => call(authApi.login, { body }),
    signup: (body: SignupRequest) => call(authApi.signup, { body }),
    /** Sign-up after purchase: the guest who placed the order creates an account owning it (201, signed in). */
    signupAfterOrder: (body: OrderSignupRequest) => call(authApi.signupAfterOrder, { body }),
    socialLogin: (provider: SocialProvider, accessToken: string) =>
      call(authApi.socialLogin, { params: { provider }, body: { accessToken } }),
    loginConfig: () => call(authApi.loginConfig),
    logout: () => call(authApi.logout),
    requestPasswordReset: (email: string) => call(authApi.requestPasswordReset, { body: { email } }),
    updatePassword: (token: string, password: string) =>
      call(authApi.updatePassword, { body: { token, password } }),
    changePassword: (body: PasswordChange) => call(authApi.changePassword, { body }),
  }
}
