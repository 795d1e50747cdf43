/** `npm run seed`: adds the demo content to the configured database if it has none. */
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { openMediaStore } from '../media-pipeline/open-media-store';
import { createJobQueue } from '../jobs';
import type { TranscodeJob } from '../modules/pins';
import { seedDemoIfEmpty } from '../seed/demo';

const config = loadConfig();
const db = await openDatabase(config);
// The demo videos' transcodes are queued here and run by the next server that starts.
const jobs = createJobQueue({ db, config, log: { info: () => {}, error: (o, m) => console.error(m, o) } });
const enqueueTranscode = (tx: typeof db, job: TranscodeJob) => jobs.send('transcode', job, { tx });
const result = await seedDemoIfEmpty({ db, media: openMediaStore(config), enqueueTranscode }, console.log);
console.log(result ?? 'The database already has content; nothing was added.');
await db.close();
