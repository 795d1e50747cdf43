/**
 * Parses input at the boundary with a zod schema and turns the first issue
 * into a 400 whose message names the field (or is the spec's own text when
 * the schema carries one). Text holding NUL is refused the same way, whatever
 * the schema: PostgreSQL cannot store it in text and would fail the query.
 *
 * Every such 400 is keyed (decision 042): zod's own English is never sent;
 * each kind of issue has its `serverErrors.validation.*` text, with the field
 * and the schema's bound (`maximum` / `minimum`) as arguments. A schema's own
 * text is keyed by the catalogue: as is, or with its bound filled in.
 */
import type { z } from 'zod';
import { AppError, type MessageArgs } from './app-error';
import { serverErrorKeyOf, serverErrorKeyWithValue, serverT } from './i18n';

export class ValidationError extends AppError {
  readonly field: string;
  constructor(field: string, message: string, keyed: { messageKey: string; messageArgs?: MessageArgs } | undefined = undefined) {
    super('INVALID_INPUT', message, keyed ?? {});
    this.field = field;
  }
}

/** A 400 naming `field` whose message is the catalogue's `serverErrors.<key>` (en-US in `message`; decision 042). */
export function keyedInvalid(field: string, key: string, args?: MessageArgs): ValidationError {
  return new ValidationError(field, serverT('en-US', `serverErrors.${key}`, args), { messageKey: key, ...(args ? { messageArgs: args } : {}) });
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) {
    const nul = pathOfNul(result.data, []);
    if (nul) {
      const field = [prefix, ...nul].filter(Boolean).join('.') || 'options';
      throw keyedInvalid(field, 'validation.nul', { field });
    }
    return result.data;
  }
  const issue = result.error.issues[0];
  if (!issue) throw keyedInvalid(prefix || 'options', 'validation.invalid');
  const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'options';
  if (issue.code === 'unrecognized_keys') {
    const keys = (issue as { keys?: string[] }).keys ?? [];
    const name = [prefix, ...issue.path.map(String), keys[0]].filter(Boolean).join('.');
    throw keyedInvalid(name, 'validation.unknownOption', { field: name });
  }
  if (issue.code === 'invalid_union') throw keyedInvalid(field, 'validation.noFormFits', { field });
  if (isCustomMessage(issue.message)) throw schemaTextError(field, issue.message);
  // A schema's own text in zod's manner ("Expected a numeric id."), after the field's name.
  const named = serverErrorKeyWithValue(`${field}: ${issue.message}`);
  if (named?.args.field === field) throw keyedInvalid(field, named.key, named.args);
  const { key, args } = zodIssueText(issue, field, boundOf(issue));
  throw keyedInvalid(field, key, args);
}

/** A schema's own text: keyed as is, or as a text with one value built in (its bound, say: the digits as written) as the argument. */
function schemaTextError(field: string, message: string): ValidationError {
  const found = serverErrorKeyOf(message) ? undefined : serverErrorKeyWithValue(message);
  return found ? keyedInvalid(field, found.key, found.args) : new ValidationError(field, message);
}

type Issue = z.core.$ZodIssue;

/** The number a too_big / too_small issue names: its maximum or minimum. */
function boundOf(issue: Issue): number | undefined {
  if (issue.code === 'too_big') return Number(issue.maximum);
  if (issue.code === 'too_small') return Number(issue.minimum);
  return undefined;
}

/** Our own text for one of zod's issues: its key, with the field and the bound. */
function zodIssueText(issue: Issue, field: string, bound: number | undefined): { key: string; args: MessageArgs } {
  const counted = issue.code === 'too_big' || issue.code === 'too_small' ? issue.origin : undefined;
  if (issue.code === 'too_big' && bound !== undefined) {
    const key = counted === 'string' ? 'validation.tooLong' : counted === 'array' || counted === 'set' ? 'validation.tooManyItems' : 'validation.tooBig';
    return { key, args: { field, max: bound } };
  }
  if (issue.code === 'too_small' && bound !== undefined) {
    const key = counted === 'string' ? 'validation.tooShort' : counted === 'array' || counted === 'set' ? 'validation.tooFewItems' : 'validation.tooSmall';
    return { key, args: { field, min: bound } };
  }
  if (issue.code === 'invalid_type')
    return { key: /received undefined$/.test(issue.message) ? 'validation.required' : 'validation.wrongType', args: { field } };
  if (issue.code === 'invalid_value') return { key: 'validation.notAccepted', args: { field } };
  if (issue.code === 'invalid_format') return { key: 'validation.badFormat', args: { field } };
  return { key: 'validation.badValue', args: { field } };
}

/** Where a string holding U+0000 is in a parsed value (keys included), or null. */
function pathOfNul(value: unknown, path: string[]): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = pathOfNul(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, v] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\0')];
      const found = pathOfNul(v, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** zod's own messages start with "Invalid", "Too", "Expected" or "Unrecognized"; ours are sentences written for people. */
function isCustomMessage(message: string) {
  return !/^(Invalid|Too (big|small)|Expected|Unrecognized|Required)/.test(message);
}
