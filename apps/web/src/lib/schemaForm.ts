/**
 * The web's one way to hold a form (decision 083): the form's values in one
 * state, checked by a zod schema's safeParse — the shared schema the server
 * parses the same request with, where there is one — and each field's first
 * issue in the page's language.
 */
import { useState } from 'react';
import type { z } from 'zod';
import { localServerText } from './i18n';

type Values = object;

/** Each field's first issue (by the issue path's first key) of checking `values` with `schema`. */
function fieldIssues<V extends Values>(schema: z.ZodType, values: V): Partial<Record<keyof V, string>> {
  const result = schema.safeParse(values);
  const issues: Partial<Record<keyof V, string>> = {};
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    // An issue of the whole form counts as the first field's, so that the form is never valid with it.
    const key = (issue.path[0] ?? Object.keys(values)[0]) as keyof V;
    issues[key] ??= localServerText(issue.message);
  }
  return issues;
}

export interface SchemaForm<V extends Values> {
  values: V;
  /** Which fields the person has changed since the form opened. */
  touched: Partial<Record<keyof V, true>>;
  /** Each field's first issue (see fieldIssues). */
  issues: Partial<Record<keyof V, string>>;
  /** The schema passes. */
  valid: boolean;
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  /** Several fields at once (a country that sets its currency too). */
  patch: (changes: Partial<V>) => void;
  /** Marks every field touched (a submit): their issues show. */
  touchAll: () => void;
}

/**
 * A form's values checked by `schema` (or the schema the values call for): `set` changes one field
 * and marks it touched; `issues` and `valid` follow the values on every render.
 */
export function useSchemaForm<V extends Values>(schema: z.ZodType | ((values: V) => z.ZodType), initial: V | (() => V)): SchemaForm<V> {
  const [state, setState] = useState(() => ({ values: typeof initial === 'function' ? initial() : initial, touched: {} as Partial<Record<keyof V, true>> }));
  const issues = fieldIssues(typeof schema === 'function' ? schema(state.values) : schema, state.values);
  const patch = (changes: Partial<V>) =>
    setState((s) => ({
      values: { ...s.values, ...changes },
      touched: { ...s.touched, ...Object.fromEntries(Object.keys(Object.keys(changes).length > 0 ? changes : s.values).map((k) => [k, true])) },
    }));
  return {
    values: state.values,
    touched: state.touched,
    issues,
    valid: Object.keys(issues).length === 0,
    set: (key, value) => patch({ [key]: value } as unknown as Partial<V>),
    patch,
    touchAll: () => patch({}),
  };
}
