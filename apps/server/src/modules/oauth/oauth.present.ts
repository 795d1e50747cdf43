import type { ConnectedAppRow, OAuthAppRow } from './oauth.repo';

/** An app as its owner sees it (never its secret, which only its hash stays of). */
export const presentApp = (row: OAuthAppRow) => ({
  client_id: row.id,
  name: row.name,
  redirect_uris: row.redirect_uris,
  created_at: row.created_at.toISOString(),
});

export const presentConnectedApp = (row: ConnectedAppRow) => ({
  client_id: row.app_id,
  name: row.name,
  scopes: row.scopes,
  connected_at: row.connected_at.toISOString(),
});
