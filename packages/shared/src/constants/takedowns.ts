/**
 * The legal takedown forms (docs/product/logged-out-and-business.md §6, §9;
 * docs/product/profiles-and-boards.md §9), from one law configuration with the spec's fields. Both the server
 * (which enforces every rule) and the web app (which shows the forms) read it.
 *
 * - LAW: the laws a report on this form may invoke.
 * - DECIDER_KEY: the region whose moderators decide the form's reports (the
 *   table's "region" column); the moderation queue and the transparency
 *   report group by it.
 * - COUNTRY_CODES: the law scope: the reporter's country must be one of them.
 * - API: where the form is submitted.
 * - COMPLAINTS_OFFICE: where a decision can be contested (named in every
 *   statement of reasons beside the in-app counter-notice).
 * - TRUSTED_FLAGGER: whether a report may come from a trusted flagger.
 * - RESTRICT_MULTIPLE_LAWS: exactly one law per report.
 * - ALLOW_ANON_SUBMISSION: whether a signed-out visitor may submit it.
 */
import { TAKEDOWN_COUNTRY_CODES } from './takedownScopes';
import type { TakedownForm } from './takedownForms';

export { isTakedownForm, TAKEDOWN_FORMS, type TakedownForm } from './takedownForms';
export { EU_TAKEDOWN_COUNTRY_CODES, takedownFormFor } from './takedownScopes';

export const TAKEDOWN_LAWS = ['DMCA', 'Trademark', 'GDPR'] as const;
export type TakedownLaw = (typeof TAKEDOWN_LAWS)[number];

/** Reports about content dated before this day are not taken (the spec's cutoff, 1 Jan 2024). */
export const TAKEDOWN_CUTOFF_DATE = '2024-01-01';

export interface TakedownConfig {
  LAW: readonly TakedownLaw[];
  DECIDER_KEY: 'US' | 'TR' | 'EU' | 'IN';
  COUNTRY_CODES: readonly string[];
  API: string;
  COMPLAINTS_OFFICE: string;
  TRUSTED_FLAGGER: boolean;
  RESTRICT_MULTIPLE_LAWS: boolean;
  ALLOW_ANON_SUBMISSION: boolean;
}

export const TAKEDOWN_CONFIG: Readonly<Record<TakedownForm, TakedownConfig>> = {
  test: {
    LAW: TAKEDOWN_LAWS,
    DECIDER_KEY: 'US',
    COUNTRY_CODES: TAKEDOWN_COUNTRY_CODES.test,
    API: '/v3/legal/takedowns/test/',
    COMPLAINTS_OFFICE: 'Legal operations (United States)',
    TRUSTED_FLAGGER: false,
    RESTRICT_MULTIPLE_LAWS: false,
    ALLOW_ANON_SUBMISSION: false,
  },
  turkey: {
    LAW: TAKEDOWN_LAWS,
    DECIDER_KEY: 'TR',
    COUNTRY_CODES: TAKEDOWN_COUNTRY_CODES.turkey,
    API: '/v3/legal/takedowns/turkey/',
    COMPLAINTS_OFFICE: 'Legal representative for Türkiye',
    TRUSTED_FLAGGER: false,
    RESTRICT_MULTIPLE_LAWS: true,
    ALLOW_ANON_SUBMISSION: false,
  },
  dsa: {
    LAW: TAKEDOWN_LAWS,
    DECIDER_KEY: 'EU',
    COUNTRY_CODES: TAKEDOWN_COUNTRY_CODES.dsa,
    API: '/v3/legal/takedowns/dsa/',
    COMPLAINTS_OFFICE: 'EU internal complaint-handling system (Digital Services Act, article 20)',
    TRUSTED_FLAGGER: true,
    RESTRICT_MULTIPLE_LAWS: true,
    ALLOW_ANON_SUBMISSION: true,
  },
  india: {
    LAW: TAKEDOWN_LAWS,
    DECIDER_KEY: 'IN',
    COUNTRY_CODES: TAKEDOWN_COUNTRY_CODES.india,
    API: '/v3/legal/takedowns/india/',
    COMPLAINTS_OFFICE: 'Grievance Officer for India',
    TRUSTED_FLAGGER: false,
    RESTRICT_MULTIPLE_LAWS: true,
    ALLOW_ANON_SUBMISSION: true,
  },
};

/** Moderation decisions (docs/product/api-contract.md §8) and what each does to the content. */
export const MODERATION_DECISIONS = ['remove', 'restrict', 'no_action'] as const;
export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];
