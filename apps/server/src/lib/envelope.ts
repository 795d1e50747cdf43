/**
 * The two answer shapes of docs/product/api-contract.md §1: spec paths answer the bare
 * envelope, named resources wrap it in `resource_response`.
 */
export type EnvelopeKind = 'spec' | 'resource';

export function envelopeKindOf(url: string): EnvelopeKind {
  return url.startsWith('/resource/') ? 'resource' : 'spec';
}

export function successBody(kind: EnvelopeKind, data: unknown, bookmark: string | null = null) {
  const body = { status: 'success', code: 0, data, bookmark };
  return kind === 'resource' ? { resource_response: body } : body;
}

export interface FailureInfo {
  httpStatus: number;
  code: number;
  message: string;
  messageDetail?: string | undefined;
  field?: string | undefined;
  /** Optional (decision 042): the `serverErrors.*` key of `message` and its arguments, for clients that show it in another language. */
  messageKey?: string | undefined;
  messageArgs?: Record<string, string | number> | undefined;
  /** On a 5xx answer: the request's id (decision 102), for a person reporting the problem to quote. */
  requestId?: string | undefined;
}

function keyOf(f: FailureInfo) {
  if (!f.messageKey) return {};
  return { message_key: f.messageKey, ...(f.messageArgs ? { message_args: f.messageArgs } : {}) };
}

export function failureBody(kind: EnvelopeKind, f: FailureInfo) {
  const detail = f.messageDetail ?? '';
  if (kind === 'resource') {
    return {
      resource_response: {
        status: 'failure',
        error: {
          http_status: f.httpStatus,
          code: f.code,
          message: f.message,
          message_detail: detail,
          ...(f.field ? { field: f.field } : {}),
          ...keyOf(f),
          ...(f.requestId ? { request_id: f.requestId } : {}),
        },
      },
    };
  }
  return {
    status: 'failure',
    code: f.code,
    message: f.message,
    message_detail: detail,
    ...(f.field ? { field: f.field } : {}),
    ...keyOf(f),
    ...(f.requestId ? { request_id: f.requestId } : {}),
  };
}
