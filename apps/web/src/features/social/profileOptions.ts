/*
 * What the 'Profile options' menu and the legal report offer. The profile's
 * rules decide which apply (features/profile/profileRules.ts re-exports these).
 */

/** An item of the 'Profile options' menu. */
export type ProfileOption = 'message' | 'block' | 'unblock' | 'report' | 'reportEu' | 'reportIndia';

/** A regional legal report form: the EU's (dsa) or India's. */
export type LegalForm = 'dsa' | 'india';
