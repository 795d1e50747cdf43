import type { ResourceInput, ResourceOutput } from '@pinboard/shared/contract';
import { api } from '../../lib/api';

/** OAuth apps for API v5 clients (decision 099): one's own apps, the consent request, connected apps. */
export type OAuthApp = ResourceOutput<'OAuthAppsResource', 'get'>[number];
export type OAuthAppWithSecret = ResourceOutput<'OAuthAppResource', 'create'>;
export type ConnectedApp = ResourceOutput<'OAuthConnectedAppResource', 'get'>[number];
export type ConsentQuery = ResourceInput<'OAuthConsentResource', 'get'>;

export const oauthKeys = {
  apps: ['oauth', 'apps'] as const,
  connected: ['oauth', 'connected'] as const,
  consent: (search: string) => ['oauth', 'consent', search] as const,
};

export async function fetchMyApps(signal?: AbortSignal) {
  return (await api.resource('OAuthAppsResource', 'get', {}, signal)).data;
}

export async function registerApp(app: ResourceInput<'OAuthAppResource', 'create'>) {
  return (await api.resource('OAuthAppResource', 'create', app)).data;
}

export async function updateApp(change: ResourceInput<'OAuthAppResource', 'update'>) {
  return (await api.resource('OAuthAppResource', 'update', change)).data;
}

export async function deleteApp(clientId: string) {
  return (await api.resource('OAuthAppResource', 'delete', { client_id: clientId })).data;
}

/** A new secret (shown once); the old one stops at once. */
export async function rotateSecret(clientId: string) {
  return (await api.resource('OAuthAppSecretResource', 'create', { client_id: clientId })).data;
}

/** The consent page's query, as received, checked by the server: the app, its redirect URI, the scopes. */
export async function fetchConsent(query: ConsentQuery, signal?: AbortSignal) {
  return (await api.resource('OAuthConsentResource', 'get', query, signal)).data;
}

/** Allow or deny: answers where to send the person back to. */
export async function decideConsent(query: ConsentQuery, allow: boolean) {
  return (await api.resource('OAuthConsentResource', 'create', { ...query, allow })).data;
}

export async function fetchConnectedApps(signal?: AbortSignal) {
  return (await api.resource('OAuthConnectedAppResource', 'get', {}, signal)).data;
}

/** Revokes an app: its tokens stop at once. */
export async function revokeApp(clientId: string) {
  return (await api.resource('OAuthConnectedAppResource', 'delete', { client_id: clientId })).data;
}
