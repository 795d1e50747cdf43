/**
 * Refusals people see carry their catalogue key (decision 042): the framework's
 * (bad JSON, too large, CSRF), the validation's (unknown option, a bound, with
 * the field and the number as arguments) and a module's (a Pin not found). The
 * English `message` is the contract and stays; the key renders the same
 * refusal in German from the catalogue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverT } from '../src/lib/i18n';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let me: TestClient;
beforeAll(async () => {
  t = await buildTestApp();
  me = t.client();
  await me.signUp({ email: 'keyed@example.com' });
});
afterAll(() => t.close());

type Refusal = { http_status: number; message: string; field?: string; message_key?: string; message_args?: Record<string, string | number> };

/** The German text of a refusal, from its key and arguments. */
const german = (e: Refusal) => serverT('de', `serverErrors.${e.message_key}`, e.message_args);

describe('keyed refusals', () => {
  it('a body that is not JSON', async () => {
    const res = await me.request('POST', '/resource/BoardResource/create/', {
      payload: '{"options": {"name": ',
      headers: { 'content-type': 'application/json' },
    });
    const error = res.json().resource_response.error as Refusal;
    expect(error).toMatchObject({ http_status: 400, message: 'The request body is not valid JSON.', message_key: 'request.jsonBody' });
    expect(german(error)).toBe('Der Anfrageinhalt ist kein gültiges JSON.');
  });

  it('?data= that is not JSON names where it was', async () => {
    const error = (await me.request('GET', '/resource/UserResource/get/?data=%7Bnope')).json().resource_response.error as Refusal;
    expect(error).toMatchObject({ message: 'data is not valid JSON.', message_key: 'request.jsonData' });
  });

  it('a body too large, and an image too large', async () => {
    const body = await me.request('POST', '/resource/BoardResource/create/', { payload: { options: { name: 'x', description: 'y'.repeat(2 * 1024 * 1024) } } });
    const tooLarge = body.json().resource_response.error as Refusal;
    expect(tooLarge).toMatchObject({ http_status: 413, message: 'The request is too large.', message_key: 'request.tooLarge' });
    expect(german(tooLarge)).toBe('Die Anfrage ist zu groß.');

    const board = (await me.resource('BoardResource', 'create', { name: 'Big' })).data as { id: string };
    const image = await me.upload('PinResource', 'create', { board_id: board.id }, Buffer.alloc(21 * 1024 * 1024, 1));
    expect(image.httpStatus).toBe(413);
    expect(image.error).toMatchObject({ message: 'Images can be at most 20 MB.', message_key: 'media.imageTooLarge' });
    expect(german(image.error as Refusal)).toBe('Bilder dürfen höchstens 20 MB groß sein.');
  });

  it('an unknown option, with the field as argument', async () => {
    const res = await me.resource('BoardResource', 'create', { name: 'Ok', colour: 'red' });
    expect(res.error).toMatchObject({
      field: 'colour',
      message: 'colour: unknown option.',
      message_key: 'validation.unknownOption',
      message_args: { field: 'colour' },
    });
    expect(german(res.error as Refusal)).toBe('colour: unbekannte Option.');
  });

  it('a bound: zod’s own (field and maximum) and a schema’s text with its number', async () => {
    const bookmark = await me.resource('UserHomefeedResource', 'get', { bookmark: 'x'.repeat(600) });
    expect(bookmark.error).toMatchObject({
      field: 'bookmark',
      message: 'bookmark: at most 512 characters.',
      message_key: 'validation.tooLong',
      message_args: { field: 'bookmark', max: 512 },
    });
    expect(german(bookmark.error as Refusal)).toBe('bookmark: höchstens 512 Zeichen.');

    const page = await me.resource('UserHomefeedResource', 'get', { page_size: 251 });
    expect(page.error).toMatchObject({ message: 'page_size: at most 250.', message_key: 'validation.tooBig', message_args: { field: 'page_size', max: 250 } });

    const name = await me.resource('BoardResource', 'create', { name: 'x'.repeat(51) });
    expect(name.error).toMatchObject({
      field: 'name',
      message: 'Please enter no more than 50 characters.',
      message_key: 'validation.noMoreThan',
      message_args: { max: '50' },
    });
    expect(german(name.error as Refusal)).toBe('Bitte geben Sie nicht mehr als 50 Zeichen ein.');

    const id = await me.resource('BoardResource', 'get', { board_id: 'abc' });
    expect(id.error).toMatchObject({ message: 'board_id: Expected a numeric id.', message_key: 'validation.numericId', message_args: { field: 'board_id' } });
  });

  it('a Pin that is not there', async () => {
    const res = await me.resource('PinResource', 'get', { id: '999999999' });
    expect(res.httpStatus).toBe(404);
    expect(res.error).toMatchObject({ message: 'That Pin could not be found.', message_key: 'notFound.pin' });
    expect(german(res.error as Refusal)).toBe('Dieser Pin wurde nicht gefunden.');
  });

  it('an unknown resource and a wrong method, with their names as arguments', async () => {
    const unknown = (await me.request('GET', '/resource/NoSuchResource/get/')).json().resource_response.error as Refusal;
    expect(unknown).toMatchObject({
      message: 'Resource NoSuchResource/get could not be found.',
      message_key: 'notFound.resource',
      message_args: { resource: 'NoSuchResource/get' },
    });
    const method = (await me.request('GET', '/resource/BoardResource/create/')).json().resource_response.error as Refusal;
    expect(method).toMatchObject({ message_key: 'request.method', message_args: { resource: 'BoardResource', action: 'create' } });
  });

  it('a request without its CSRF token', async () => {
    const c = t.client();
    await c.ensureCsrf();
    const res = await c.request('POST', '/resource/UserRegisterResource/create/', {
      csrf: false,
      payload: { options: { email: 'nocsrf@example.com', password: 'correct horse battery' } },
    });
    const error = res.json().resource_response.error as Refusal;
    expect(error).toMatchObject({ http_status: 403, message: 'The CSRF token is missing or wrong. Reload the page and try again.', message_key: 'csrf.token' });
    expect(german(error)).toBe('Das CSRF-Token fehlt oder ist falsch. Laden Sie die Seite neu und versuchen Sie es noch einmal.');
  });
});
