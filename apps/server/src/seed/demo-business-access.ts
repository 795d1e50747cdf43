/**
 * The demo business's people (decision 035): three business accounts with
 * different permissions on Nordic Nest Studio. Log in as one of them (the demo
 * password) to see the header's profile switcher: the co-owner acts for the
 * shop at once; the publisher and the analyst first turn on two-factor
 * authentication (Settings → Security).
 */
import type { Db } from '../db/client';
import { businessAccessRepo } from '../modules/business-access/business-access.repo';
import { makeUser } from './factories';

const DEMO_BUSINESS_PEOPLE = [
  { username: 'freja_holm', fullName: 'Freja Holm', about: 'Co-founder of Nordic Nest Studio.', permissions: ['OWNER'] },
  { username: 'jonas_berg', fullName: 'Jonas Berg', about: 'Product photos and Pins for Nordic Nest.', permissions: ['PROFILE_PUBLISHER'] },
  { username: 'ines_costa', fullName: 'Inês Costa', about: 'Numbers and newsletters.', permissions: ['ANALYST'] },
] as const;

export async function seedDemoBusinessAccess(db: Db, businessId: string) {
  for (const person of DEMO_BUSINESS_PEOPLE) {
    const user = await makeUser(db, { username: person.username, fullName: person.fullName, about: person.about });
    await db.query('UPDATE users SET is_partner = true WHERE id = $1', [user.id]);
    await businessAccessRepo.grant(db, businessId, user.id, [...person.permissions], businessId);
  }
}
