/**
 * `npm run make-staff -- <username>`: marks a person as staff (users.is_employee),
 * who may then write Today articles. `--remove` takes the mark away.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { setStaff } from '../modules/today/today.service';

const args = process.argv.slice(2);
const remove = args.includes('--remove');
const username = args.find((a) => !a.startsWith('--'));
if (!username) {
  console.error('Usage: npm run make-staff -- <username> [--remove]');
  process.exit(1);
}
const config = loadConfig();
const db = await openDatabase(config);
const found = await setStaff(db, username, !remove);
console.log(found ? `${username} is ${remove ? 'no longer' : 'now'} staff.` : `There is no one called ${username}.`);
await db.close();
process.exitCode = found ? 0 : 1;
