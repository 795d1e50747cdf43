/**
 * `npm run migrate`: applies the migrations the database lacks, and says
 * which, for pipelines that migrate before they roll out new servers.
 *
 * With DATABASE_URL it may run while servers are running: the migrations take
 * an advisory lock, so it waits for a server that is migrating at that moment
 * (and servers starting meanwhile wait for it). With the embedded database
 * (no DATABASE_URL) there is nothing to roll out: the one server on DATA_DIR
 * migrates at every start, and this command runs only while no server runs
 * on that DATA_DIR (it starts the embedded PostgreSQL itself).
 */
import { loadConfig } from '../config';
import { StartupError } from '../db/embedded/startup-error';
import { openDatabase } from '../db/open';
import { migrate } from '../db/migrate';

const config = loadConfig();
if (!config.databaseUrl) {
  console.log(
    `No DATABASE_URL: migrating the embedded database in ${config.dataDir}. ` +
      'A server started on this DATA_DIR migrates by itself, so this is only needed to migrate while the server is stopped.',
  );
}
try {
  const db = await openDatabase(config, { migrate: false, log: (m) => console.log(m) });
  try {
    const applied = await migrate(db);
    console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'The database is up to date: no migration to apply.');
  } finally {
    await db.close();
  }
} catch (err) {
  if (err instanceof StartupError) {
    // With the embedded database that is most often a server running on this DATA_DIR.
    console.error(
      config.databaseUrl ? err.message : `${err.message}\nWith the embedded database, stop the server first: it migrates at every start by itself.`,
    );
    process.exit(1);
  }
  console.error(`The migration failed: ${(err as Error).message}`);
  process.exit(1);
}
