import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, type Answer, type SentRequest } from '../../lib/renderInApp';
import { OAUTH_SCOPES } from '@pinboard/shared/schemas/oauth';
import { ConsentPage } from './ConsentPage';
import { scopeText } from './scopeText';

const viewer = { isAuth: true, id: '10', username: 'ana', full_name: 'Ana', image_medium_url: null };
const at = '/oauth/?consumer_id=77&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&response_type=code&scope=boards:read,pins:read_secret&state=s1&utm=x';

const call = (request: SentRequest, name: string, action: 'get' | 'create') => request.path === `/resource/${name}/${action}/`;

function LoginProbe() {
  const { search } = useLocation();
  return <p>login page {new URLSearchParams(search).get('next')}</p>;
}

function page(signedIn: boolean, consent: Answer) {
  return renderInApp(
    <Routes>
      <Route path="/oauth/" element={<ConsentPage />} />
      <Route path="/login/" element={<LoginProbe />} />
    </Routes>,
    (request) => {
      if (call(request, 'UserSessionResource', 'get')) return { data: signedIn ? viewer : { isAuth: false } };
      if (call(request, 'OAuthConsentResource', 'get')) return consent;
      if (call(request, 'OAuthConsentResource', 'create'))
        return {
          data: { redirect_to: request.body.allow ? 'https://app.example/cb?code=abc&state=s1' : 'https://app.example/cb?error=access_denied&state=s1' },
        };
      return undefined;
    },
    { at },
  );
}

const good: Answer = { data: { client_id: '77', name: 'Scheduler', redirect_uri: 'https://app.example/cb', scopes: ['boards:read', 'pins:read_secret'] } };

afterEach(() => vi.unstubAllGlobals());

describe('the consent page', () => {
  it('shows the app and the scopes in plain words; Allow posts the query as received and goes where the server says', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user, sent } = page(true, good);
    expect(await screen.findByRole('heading', { name: 'Scheduler wants to use your account' })).toBeTruthy();
    expect(screen.getByText('See your public boards, including group boards you joined')).toBeTruthy();
    expect(screen.getByText('See your Pins on secret boards')).toBeTruthy();
    expect(screen.getByText(/You are logged in as ana/)).toBeTruthy();
    expect(screen.getByText(/go back to app\.example/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://app.example/cb?code=abc&state=s1'));
    const posted = sent.find((r) => call(r, 'OAuthConsentResource', 'create'))!;
    expect(posted.body).toEqual({ ...Object.fromEntries(new URLSearchParams(at.split('?')[1])), allow: true });
  });

  it('Deny posts allow: false', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user, sent } = page(true, good);
    await user.click(await screen.findByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://app.example/cb?error=access_denied&state=s1'));
    expect(sent.find((r) => call(r, 'OAuthConsentResource', 'create'))!.body.allow).toBe(false);
  });

  it('says why a request is not valid, with no way to allow it', async () => {
    page(true, { status: 400, error: { code: 1000, message: 'That redirect_uri is not one the app registered.' } });
    expect(await screen.findByRole('heading', { name: 'This request to connect an app is not valid' })).toBeTruthy();
    expect(screen.getByText('That redirect_uri is not one the app registered.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
  });

  it('sends a signed-out visitor to log in and back', async () => {
    const { sent } = page(false, good);
    expect(await screen.findByText(`login page ${at}`)).toBeTruthy();
    expect(sent.some((r) => call(r, 'OAuthConsentResource', 'get'))).toBe(false);
  });
});

describe('scopes in plain words', () => {
  it('has words for every scope the server grants', () => {
    for (const scope of OAUTH_SCOPES) expect(scopeText(scope), scope).not.toBe(scope);
    expect(scopeText('ads:read')).toBe('ads:read');
  });
});
