/**
 * The demo staff account ("moderator", the demo password) and two open
 * reports in its moderation queue: an EU copyright takedown of a demo Pin
 * and an Indian privacy report, so that /reports-and-violations/queue/ has
 * something to decide.
 */
import type { Db } from '../db/client';
import { newId } from '../lib/ids';
import { reportsRepo } from '../modules/reports/reports.repo';
import { userAccounts } from '../modules/users';
import { DEFAULT_PASSWORD, makeUser } from './factories';

const DEMO_STAFF = { username: 'moderator', password: DEFAULT_PASSWORD };

export async function seedDemoTakedowns(db: Db) {
  await makeUser(db, { username: DEMO_STAFF.username, fullName: 'Mo Derator', about: 'Pinboard trust and safety.' });
  await userAccounts.setEmployee(db, DEMO_STAFF.username, true);
  const pins = await db.query<{ id: string; pinner_id: string }>('SELECT id, pinner_id FROM pins WHERE parent_pin_id IS NULL ORDER BY id LIMIT 2');
  const [first, second] = pins;
  if (first) {
    await reportsRepo.insertReport(db, {
      id: newId(),
      reporterId: null,
      reportedId: first.pinner_id,
      reportedUrl: `/pin/${first.id}/`,
      reason: 'takedown:dsa',
      details: 'This is my photograph, published without my permission.',
      form: 'dsa',
      laws: ['DMCA'],
      reporterName: 'Lena Fischer',
      reporterEmail: 'lena.fischer@example.com',
      reporterCountry: 'DE',
      contentDate: '2024-04-12',
      trustedFlagger: false,
      reportedPinId: first.id,
    });
  }
  if (second) {
    await reportsRepo.insertReport(db, {
      id: newId(),
      reporterId: null,
      reportedId: second.pinner_id,
      reportedUrl: `/pin/${second.id}/`,
      reason: 'takedown:india',
      details: 'The picture shows my family home and street number.',
      form: 'india',
      laws: ['GDPR'],
      reporterName: 'Arjun Mehta',
      reporterEmail: 'arjun.mehta@example.com',
      reporterCountry: 'IN',
      contentDate: '2024-09-03',
      reportedPinId: second.id,
    });
  }
}
