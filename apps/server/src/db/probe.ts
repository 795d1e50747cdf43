import pg from 'pg';

/** Whether a PostgreSQL server takes a connection and answers `SELECT 1` within the connection's time limit. */
export async function answersQueries(config: pg.ClientConfig): Promise<boolean> {
  const client = new pg.Client(config);
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
