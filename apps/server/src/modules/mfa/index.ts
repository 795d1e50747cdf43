/** Two-factor sign-in: the auth module asks it at log-in, business access whether a person meets the MFA requirement. */
import type { Queryable } from '../../db/client';
import { mfaRepo } from './mfa.repo';

export type { MfaService } from './mfa.service';

/** Whether a person has two-factor sign-in on (the MFA requirement of acting for a business). */
export async function mfaEnabledFor(db: Queryable, userId: string): Promise<boolean> {
  return !!(await mfaRepo.byUser(db, userId))?.enabled_at;
}
