import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp, type SentRequest } from '../../../lib/renderInApp';
import type { ConnectedApp } from '../../oauth/oauth.api';
import { ConnectedAppsSettings } from './ConnectedAppsSettings';

const call = (request: SentRequest, name: string, action: 'get' | 'delete') => request.path === `/resource/${name}/${action}/`;

describe('Connected apps', () => {
  it('lists the apps with what they may do, and revokes one after a confirmation', async () => {
    let apps: ConnectedApp[] = [{ client_id: '77', name: 'Scheduler', scopes: ['boards:read', 'pins:write'], connected_at: '2026-11-20T10:00:00.000Z' }];
    const { user, sent } = renderInApp(<ConnectedAppsSettings />, (request) => {
      if (call(request, 'OAuthConnectedAppResource', 'get')) return { data: apps };
      if (call(request, 'OAuthConnectedAppResource', 'delete')) {
        apps = [];
        return { data: { client_id: '77' } };
      }
      return undefined;
    });
    expect(await screen.findByText('Scheduler')).toBeTruthy();
    expect(screen.getByText('See your public boards, including group boards you joined · Create, change and delete your public Pins')).toBeTruthy();
    expect(screen.getByText('Connected on November 20, 2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Build with the API: your apps' }).getAttribute('href')).toBe('/developers/apps/');

    await user.click(screen.getByRole('button', { name: 'Revoke Scheduler' }));
    await user.click(await screen.findByRole('button', { name: 'Revoke access' }));
    expect(await screen.findByText('No apps are connected to your account.')).toBeTruthy();
    expect(sent.find((r) => call(r, 'OAuthConnectedAppResource', 'delete'))!.body).toEqual({ client_id: '77' });
  });
});
