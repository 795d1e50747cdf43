/**
 * Parses input at the boundary with a zod schema and turns the first issue
 * into a 400 whose message names the field (or is the spec's own text when
 * the schema carries one).
 */
import type { z } from 'zod';
import { AppError } from './app-error';

export class ValidationError extends AppError {
  readonly field: string;
  constructor(field: string, message: string) {
    super('INVALID_INPUT', message);
    this.field = field;
  }
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
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

function throwField(field: string, message: string): never {
  throw new ValidationError(field, message);
}

/** zod's own messages start with "Invalid", "Too", "Expected" or "Unrecognized"; ours are sentences written for people. */
function isCustomMessage(message: string) {
  return !/^(Invalid|Too (big|small)|Expected|Unrecognized|Required)/.test(message);
}
