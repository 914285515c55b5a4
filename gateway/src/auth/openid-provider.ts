import type * as OpenIdClient from 'openid-client';

let openIdClient: Promise<typeof OpenIdClient> | undefined;
/** openid-client loads with the first login through a provider, not with a gateway whose visitors never use one. */
const loadOpenIdClient = () => (openIdClient ??= import('openid-client'));

export type OpenIdProviderSettings = {
  /** The name in the login paths: /api/oauth/{name}/member. */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
};

export type OpenIdIdentity = { subject: string; email: string | undefined; emailVerified: boolean };

export class OpenIdProviderUnavailable extends Error {
  override readonly name = 'OpenIdProviderUnavailable';
}

const isLoopback = (url: URL) => url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';

/**
 * One OpenID Connect provider (Google by default) driven through the authorization-code flow with state, nonce and
 * PKCE (S256). The provider's metadata is discovered on first use and kept.
 */
export class OpenIdProvider {
  private configuration: Promise<OpenIdClient.Configuration> | undefined;

  constructor(readonly settings: OpenIdProviderSettings) {}

  /** Where to send the browser, with the values the callback must find again. */
  async start(redirectUri: string): Promise<{ url: URL; state: string; nonce: string; codeVerifier: string }> {
    const configuration = await this.discover();
    const oidc = await loadOpenIdClient();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email',
      response_type: 'code',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url, state, nonce, codeVerifier };
  }

  /**
   * Exchanges the code the provider sent back for the ID token and checks it (signature, issuer, audience, nonce)
   * and that the response's state is the one expected.
   */
  async finish(callbackUrl: URL, expected: { state: string; nonce: string; codeVerifier: string; redirectUri: string }): Promise<OpenIdIdentity> {
    const configuration = await this.discover();
    const oidc = await loadOpenIdClient();
    const tokens = await oidc.authorizationCodeGrant(
      configuration,
      callbackUrl,
      { expectedState: expected.state, expectedNonce: expected.nonce, pkceCodeVerifier: expected.codeVerifier, idTokenExpected: true },
      { redirect_uri: expected.redirectUri },
    );
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider answered without an ID token');
    return {
      subject: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      emailVerified: claims.email_verified === true,
    };
  }

  private discover(): Promise<OpenIdClient.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.settings.issuer);
      const discovery = loadOpenIdClient()
        .then((oidc) =>
          oidc.discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, {
            // Plain HTTP only for a provider on this machine (tests, local development).
            ...(issuer.protocol === 'http:' && isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
            timeout: 10,
          }),
        )
        .catch((error: unknown) => {
          // Forget the failure so the next login tries again.
          this.configuration = undefined;
          throw new OpenIdProviderUnavailable(`cannot discover ${issuer.origin}: ${String(error)}`);
        });
      this.configuration = discovery;
    }
    return this.configuration;
  }
}
