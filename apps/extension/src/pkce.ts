/** PKCE (RFC 7636) with S256: a random verifier kept by the extension and its challenge sent to the consent page. */

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');

/** 32 random bytes, base64url: 43 characters of the unreserved set. */
export function makeVerifier(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** BASE64URL(SHA-256(verifier)). */
export async function challengeOf(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

/** A state value that ties the answer to this request. */
export function makeState(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(16)));
}

/** The hex SHA-256 of a picture's bytes (what the server's "already saved" compares). */
export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
