/**
 * `npm run make-staff -- <username>`: makes an account staff (an employee:
 * it may read the moderation queue, decide reports and read the
 * transparency report, and write Today articles). `--remove` takes it back.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { userAccounts } from '../modules/users';

const args = process.argv.slice(2);
const remove = args.includes('--remove');
const username = args.find((a) => !a.startsWith('--'));
if (!username) {
  console.error('Usage: npm run make-staff -- <username> [--remove]');
  process.exit(1);
}
const config = loadConfig();
const db = await openDatabase(config);
const found = await userAccounts.setEmployee(db, username, !remove);
await db.close();
if (!found) {
  console.error(`No account is called ${username}.`);
  process.exit(1);
}
console.log(remove ? `${username} is no longer staff.` : `${username} is now staff: the moderation queue is at /reports-and-violations/queue/.`);
