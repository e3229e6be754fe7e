// Where a provider kind's own vendor is, and which of the user's environment variables hold its
// credentials: what an untrusted workspace may not send elsewhere.
//
// "The vendor's own" URL is decided by origin: the vendor SDK's default base URL's scheme, exact
// host and port (https, api.openai.com or api.anthropic.com, 443), with no user name or password in
// it. Any path on that origin is the vendor's server; `http:`, another port, a subdomain, a
// look-alike host (`api.openai.com.evil.test`) or an IP address is not. A provider without
// `base_url` uses the SDK's default or the user's own OPENAI_BASE_URL / ANTHROPIC_BASE_URL, which
// the workspace cannot set.

export interface Vendor {
  /** The SDK's default base URL. */
  baseUrl: string;
  /** The variable the provider falls back to for its key (main/providers/provider-kinds.ts). */
  keyVariable: string;
  /**
   * Further variables whose values the provider sends with its requests (credentials, the
   * organisation, custom headers); the provider reads them from its env, never the SDK itself.
   */
  otherCredentialVariables: readonly string[];
}

export const VENDORS: Readonly<Record<string, Vendor>> = {
  openai: {
    baseUrl: 'https://api.openai.com/v1',
    keyVariable: 'OPENAI_API_KEY',
    otherCredentialVariables: ['OPENAI_ADMIN_KEY', 'OPENAI_ORG_ID', 'OPENAI_PROJECT_ID', 'OPENAI_CUSTOM_HEADERS'],
  },
  anthropic: {
    baseUrl: 'https://api.anthropic.com',
    keyVariable: 'ANTHROPIC_API_KEY',
    otherCredentialVariables: ['ANTHROPIC_AUTH_TOKEN', 'ANTHROPIC_CUSTOM_HEADERS'],
  },
};

export function vendorOf(kind: string): Vendor | undefined {
  return Object.hasOwn(VENDORS, kind) ? VENDORS[kind] : undefined;
}

/** Whether `url` is on the vendor's own origin (see above); text that is no URL is not. */
export function isVendorUrl(vendor: Vendor, url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const own = new URL(vendor.baseUrl);
  return parsed.origin === own.origin && parsed.username === '' && parsed.password === '';
}
