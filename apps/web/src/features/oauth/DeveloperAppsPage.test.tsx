import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp, type SentRequest } from '../../lib/renderInApp';
import { DeveloperAppsPage } from './DeveloperAppsPage';
import type { OAuthApp } from './oauth.api';

const viewer = { isAuth: true, id: '10', username: 'ana', full_name: 'Ana', image_medium_url: null };
const call = (request: SentRequest, name: string, action: 'get' | 'create' | 'update' | 'delete') => request.path === `/resource/${name}/${action}/`;

function server(initial: OAuthApp[]) {
  let apps = [...initial];
  return renderInApp(<DeveloperAppsPage />, (request) => {
    if (call(request, 'UserSessionResource', 'get')) return { data: viewer };
    if (call(request, 'OAuthAppsResource', 'get')) return { data: apps };
    if (call(request, 'OAuthAppResource', 'create')) {
      const app = {
        client_id: '123456789',
        name: request.body.name,
        redirect_uris: request.body.redirect_uris,
        created_at: '2026-11-29T10:00:00.000Z',
      } as OAuthApp;
      apps = [app, ...apps];
      return { data: { ...app, client_secret: 'S3cretS3cretS3cretS3cretS3cret12' } };
    }
    if (call(request, 'OAuthAppSecretResource', 'create')) return { data: { ...apps[0]!, client_secret: 'N3wS3cretN3wS3cretN3wS3cretN3w12' } };
    if (call(request, 'OAuthAppResource', 'delete')) {
      apps = apps.filter((a) => a.client_id !== request.body.client_id);
      return { data: { client_id: request.body.client_id } };
    }
    return undefined;
  });
}

const existing: OAuthApp = { client_id: '555', name: 'Old app', redirect_uris: ['https://old.example/cb'], created_at: '2026-11-01T10:00:00.000Z' };

describe('/developers/apps/', () => {
  it('registers an app from the keyboard and shows its secret once, with copy buttons and a note', async () => {
    const { user, sent } = server([]);
    expect(await screen.findByText("You haven't registered an app yet.")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Register an app' }));
    const dialog = await screen.findByRole('dialog');
    // The redirect URIs are one per line; the fields are filled from the keyboard.
    await user.click(within(dialog).getByLabelText('App name'));
    await user.keyboard('Scheduler');
    await user.tab();
    await user.keyboard('https://app.example/cb{Enter}  {Enter}http://localhost:8080/cb');
    await user.click(within(dialog).getByRole('button', { name: 'Register an app' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'Your client secret' });
    expect(within(secretDialog).getByLabelText('Client secret')).toHaveProperty('value', 'S3cretS3cretS3cretS3cretS3cret12');
    expect(within(secretDialog).getByLabelText('Client ID')).toHaveProperty('value', '123456789');
    expect(within(secretDialog).getByText(/it is shown only this once/)).toBeTruthy();
    expect(within(secretDialog).getByRole('button', { name: 'Copy Client secret' })).toBeTruthy();
    expect(sent.find((r) => call(r, 'OAuthAppResource', 'create'))!.body).toEqual({
      name: 'Scheduler',
      redirect_uris: ['https://app.example/cb', 'http://localhost:8080/cb'],
    });
    await user.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Scheduler' })).toBeTruthy();
    expect(screen.queryByText('S3cretS3cretS3cretS3cretS3cret12')).toBeNull();
  });

  it('checks the redirect URIs before sending', async () => {
    const { user, sent } = server([]);
    await user.click(await screen.findByRole('button', { name: 'Register an app' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('App name'));
    await user.keyboard('Scheduler');
    await user.tab();
    await user.keyboard('http://app.example/cb');
    await user.click(within(dialog).getByRole('button', { name: 'Register an app' }));
    expect(await screen.findByText('Enter an https address (or http on localhost) without a #fragment.')).toBeTruthy();
    expect(sent.some((r) => call(r, 'OAuthAppResource', 'create'))).toBe(false);
  });

  it('makes a new secret after a confirmation, and deletes an app', async () => {
    const { user } = server([existing]);
    expect(await screen.findByRole('heading', { name: 'Old app' })).toBeTruthy();
    expect(screen.getByText('https://old.example/cb')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New secret' }));
    await user.click(await screen.findByRole('button', { name: 'Make a new secret' }));
    const secretDialog = await screen.findByRole('dialog', { name: 'Your client secret' });
    expect(within(secretDialog).getByLabelText('Client secret')).toHaveProperty('value', 'N3wS3cretN3wS3cretN3wS3cretN3w12');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete app' }));
    expect(await screen.findByText("You haven't registered an app yet.")).toBeTruthy();
  });
});
