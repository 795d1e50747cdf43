/**
 * The names of the four takedown forms alone (the router's `/report/:form/`
 * check reads them on every first paint); their rules are in takedowns.ts.
 */
export const TAKEDOWN_FORMS = ['test', 'turkey', 'dsa', 'india'] as const;
export type TakedownForm = (typeof TAKEDOWN_FORMS)[number];

export function isTakedownForm(value: string): value is TakedownForm {
  return (TAKEDOWN_FORMS as readonly string[]).includes(value);
}
