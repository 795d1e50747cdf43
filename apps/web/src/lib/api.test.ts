import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { api, ApiError, apiRoute, parseEnvelope, readCookie, resourceUrl } from './api';
import { TEXTS } from './texts';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';

function failure(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('parseEnvelope', () => {
  it('reads a named-resource success with its bookmark', () => {
    const body = { resource_response: { status: 'success', code: 0, data: [{ id: '1' }], bookmark: 'abc' } };
    expect(parseEnvelope(body, 200)).toEqual({ data: [{ id: '1' }], bookmark: 'abc' });
  });

  it('reads a spec-path success', () => {
    expect(parseEnvelope({ status: 'success', code: 0, data: { id: '7' }, bookmark: null }, 200)).toEqual({ data: { id: '7' }, bookmark: null });
  });

  it('turns a named-resource failure into an ApiError', () => {
    const error = failure(() =>
      parseEnvelope(
        {
          resource_response: {
            status: 'failure',
            error: { http_status: 400, code: ERROR_CODES.INVALID_INPUT.code, message: "Don't forget to name your board!", message_detail: '', field: 'name' },
          },
        },
        400,
      ),
    );
    expect(error).toMatchObject({
      httpStatus: 400,
      code: ERROR_CODES.INVALID_INPUT.code,
      message: "Don't forget to name your board!",
      messageDetail: '',
      field: 'name',
    });
  });

  it('turns a spec-path failure into the same ApiError', () => {
    const error = failure(() =>
      parseEnvelope({ status: 'failure', code: ERROR_CODES.NOT_FOUND.code, message: 'That Pin was not found.', message_detail: 'Gone' }, 404),
    );
    expect(error).toMatchObject({ httpStatus: 404, code: ERROR_CODES.NOT_FOUND.code, message: 'That Pin was not found.', messageDetail: 'Gone', field: null });
    expect(error.isNotFound).toBe(true);
    expect(error.fullMessage).toBe('That Pin was not found. Gone');
  });

  it('does not trust a success body on an error status', () => {
    const error = failure(() => parseEnvelope({ status: 'success', data: null }, 502));
    expect(error.httpStatus).toBe(502);
  });

  it('explains an answer that is not an envelope', () => {
    const error = failure(() => parseEnvelope(null, 503));
    expect(error).toMatchObject({ httpStatus: 503, code: 0, message: TEXTS.serverUnavailable });
  });
});

describe('resourceUrl', () => {
  it('puts get options in ?data= and leaves out undefined ones', () => {
    const url = resourceUrl('BoardsResource', 'get', { username: 'ava', bookmark: undefined, page_size: 25 });
    expect(url.startsWith('/resource/BoardsResource/get/?data=')).toBe(true);
    expect(JSON.parse(decodeURIComponent(url.split('?data=')[1] ?? ''))).toEqual({ options: { username: 'ava', page_size: 25 } });
  });

  it('has no query for other actions', () => {
    expect(resourceUrl('BoardResource', 'create')).toBe('/resource/BoardResource/create/');
  });
});

describe('readCookie', () => {
  it('finds the CSRF cookie among others', () => {
    expect(readCookie('csrftoken', 'a=1; csrftoken=abc%3D; b=2')).toBe('abc=');
    expect(readCookie('csrftoken', 'a=1')).toBeNull();
  });
});

describe('api.resource', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** Answers every request with `data` in the resource envelope, and keeps what was asked. */
  function serverAnswering(data: unknown) {
    const asked: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      asked.push({ url, init });
      return new Response(JSON.stringify({ resource_response: { status: 'success', code: 0, data, bookmark: null } }), { status: 200 });
    });
    return asked;
  }

  it('reads a get with its options in ?data=, typed by the contract', async () => {
    const asked = serverAnswering([{ id: '4', name: 'Old', pin_count: 2, deleted_at: '2026-11-01T00:00:00.000Z', days_left: 3 }]);
    const answer = await api.resource('DeletedBoardsResource', 'get', {});
    expectTypeOf(answer.data).toEqualTypeOf<{ id: string; name: string; pin_count: number; deleted_at?: string | undefined; days_left: number }[]>();
    expect(answer.data[0]?.days_left).toBe(3);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.url).toBe(resourceUrl('DeletedBoardsResource', 'get', {}));
  });

  it('sends other actions as a JSON body with the method of the action', async () => {
    const asked = serverAnswering({ pin_id: '9', is_favorite: true });
    const answer = await api.resource('PinFavoriteResource', 'create', { pin_id: '9' });
    expectTypeOf(answer.data.is_favorite).toEqualTypeOf<boolean>();
    const post = asked.find((a) => a.url === '/resource/PinFavoriteResource/create/');
    expect(post?.init.method).toBe('POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ options: { pin_id: '9' } });
  });

  it('refuses, at compile time, options and actions the contract does not have', () => {
    serverAnswering(null);
    // @ts-expect-error: PinFavoriteResource has no get
    void api.resource('PinFavoriteResource', 'get', {}).catch(() => undefined);
    // @ts-expect-error: pin_id is a string of digits, not a number
    void api.resource('PinFavoriteResource', 'create', { pin_id: 9 }).catch(() => undefined);
  });
});

describe('apiRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills the pattern’s parameters, adds the query and the JSON body, and types the answer by the contract', async () => {
    const asked: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      asked.push({ url, init });
      return new Response(JSON.stringify({ status: 'success', code: 0, data: { campaign_id: '1', ad_group_id: '2', ad_id: '3' }, bookmark: null }), {
        status: 200,
      });
    });
    const answer = await apiRoute('POST /ads/v4/advertisers/:advertiserId/pins/:pinId/quick_promote/', {
      params: { advertiserId: '7', pinId: 'a/b' },
      query: new URLSearchParams({ x: '1' }),
      body: { campaign_name: 'Spring' },
    });
    expectTypeOf(answer.data).toEqualTypeOf<{ campaign_id: string; ad_group_id: string; ad_id: string }>();
    const post = asked.find((a) => a.init.method === 'POST');
    expect(post?.url).toBe('/ads/v4/advertisers/7/pins/a%2Fb/quick_promote/?x=1');
    expect(JSON.parse(String(post?.init.body))).toEqual({ campaign_name: 'Spring' });
  });

  it('refuses, at compile time, a route the contract does not name and missing parameters', () => {
    vi.stubGlobal('fetch', async () => new Response('null', { status: 500 }));
    // @ts-expect-error: no such route in the contract
    void apiRoute('GET /v3/nowhere/', {}).catch(() => undefined);
    // @ts-expect-error: the pattern has an :id to fill
    void apiRoute('DELETE /v3/shuffles/:id/', {}).catch(() => undefined);
  });
});

describe('the typed calls (decision 079)', () => {
  it('have no call that names its answer’s type by hand: TypeScript refuses one', () => {
    // @ts-expect-error: api.get is gone; a read is api.resource(name, 'get', …), typed by the contract
    expect(api.get).toBeUndefined();
    // @ts-expect-error: api.send is gone; a write is api.resource(name, action, …)
    expect(api.send).toBeUndefined();
    // @ts-expect-error: api.spec is gone; a plain route is apiRoute(…), typed by contract/routes.ts
    expect(api.spec).toBeUndefined();
    const upload = () => {
      // @ts-expect-error: an upload answers as its resource's create does; no answer type is given
      void api.upload<{ id: string }>('PinResource', {}, {});
    };
    expect(typeof upload).toBe('function');
  });
});
