/** `npm run seed`: adds the demo content to the configured database if it has none. */
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { openMediaStore } from '../media/open-media-store';
import { seedDemoIfEmpty } from '../seed/demo';

const config = loadConfig();
const db = await openDatabase(config);
const result = await seedDemoIfEmpty({ db, media: openMediaStore(config) }, console.log);
console.log(result ?? 'The database already has content; nothing was added.');
await db.close();
