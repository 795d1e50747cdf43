import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp, type SentRequest } from '../../../lib/renderInApp';
import type { DataExport } from '../settings.exports.api';
import { DataExportSettings } from './DataExportSettings';

const created = '2026-11-29T10:00:00.000Z';

/** A server whose list answers `states` one after another (the last one then on), and that records the requests. */
function server(states: DataExport[][]) {
  const sent: SentRequest[] = [];
  let reads = 0;
  renderInApp(<DataExportSettings />, (request) => {
    sent.push(request);
    if (request.path === '/v3/exports/' && request.method === 'GET') return { data: states[Math.min(reads++, states.length - 1)] };
    if (request.path === '/v3/exports/' && request.method === 'POST') return { data: { id: '7', status: 'queued' } };
    return undefined;
  });
  return sent;
}

describe('Request your data', () => {
  it('asks for an export, shows it being prepared, then its download link and until when it works', async () => {
    const done: DataExport = {
      id: '7',
      status: 'done',
      created_at: created,
      expires_at: '2026-12-06T10:05:00.000Z',
      download_url: '/v3/exports/7/download/',
      size: 1234,
    };
    const sent = server([[], [{ id: '7', status: 'queued', created_at: created, expires_at: null }], [done]]);
    const button = await screen.findByRole('button', { name: 'Request your data' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(sent.some((r) => r.path === '/v3/exports/' && r.method === 'POST')).toBe(true));
    expect(await screen.findByText(/Preparing your file/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request a new file' }).hasAttribute('disabled')).toBe(true);
    // Read again while it is being prepared, until it is ready.
    const link = await screen.findByRole('link', { name: 'Download your data' }, { timeout: 8000 });
    expect(link.getAttribute('href')).toBe('/v3/exports/7/download/');
    expect(screen.getByRole('status').textContent).toContain('The link works until December 6, 2026');
    expect(screen.getByRole('button', { name: 'Request a new file' }).hasAttribute('disabled')).toBe(false);
  }, 15_000);

  it('says when the last file failed', async () => {
    server([[{ id: '8', status: 'failed', created_at: created, expires_at: null }]]);
    expect(await screen.findByText('We could not prepare your file. Please try again.')).toBeTruthy();
  });

  it('says when the last file expired', async () => {
    server([[{ id: '9', status: 'done', created_at: created, expires_at: '2026-11-01T00:00:00.000Z' }]]);
    expect(await screen.findByText('Your last file has expired. Request a new one.')).toBeTruthy();
  });
});
