/**
 * A random id for a save session (sent as save_session_id). crypto.randomUUID
 * exists only on secure origins; getRandomValues works on plain http too
 * (a self-hosted server on a home network).
 */
export function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
