/**
 * Parses input at the boundary with a zod schema and turns the first issue
 * into a 400 whose message names the field (or is the spec's own text when
 * the schema carries one). Text holding NUL is refused the same way, whatever
 * the schema: PostgreSQL cannot store it in text and would fail the query.
 */
import type { z } from 'zod';
import { AppError, type MessageArgs } from './app-error';
import { serverT } from './i18n';

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
      throw new ValidationError(field, `${field}: text cannot contain NUL characters.`);
    }
    return result.data;
  }
  const issue = result.error.issues[0];
  if (!issue) throw new ValidationError(prefix || 'options', 'Invalid input.');
  const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'options';
  if (issue.code === 'unrecognized_keys') {
    const keys = (issue as { keys?: string[] }).keys ?? [];
    const name = [prefix, ...issue.path.map(String), keys[0]].filter(Boolean).join('.');
    return throwField(name, `${name}: unknown option.`);
  }
  if (issue.code === 'invalid_union') {
    return throwField(field, `${field}: these options do not fit any accepted form.`);
  }
  const custom = isCustomMessage(issue.message);
  return throwField(field, custom ? issue.message : `${field}: ${issue.message}`);
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

function throwField(field: string, message: string): never {
  throw new ValidationError(field, message);
}

/** zod's own messages start with "Invalid", "Too", "Expected" or "Unrecognized"; ours are sentences written for people. */
function isCustomMessage(message: string) {
  return !/^(Invalid|Too (big|small)|Expected|Unrecognized|Required)/.test(message);
}
