/**
 * `npm run media:migrate -- --to s3`: copies the media in DATA_DIR/media to the bucket the S3_*
 * settings name (decision 052). Safe to run while the app serves from disk, and to run again:
 * objects already in the bucket with the same size are skipped. Exit status 1 when any failed.
 */
import { join } from 'node:path';
import { loadConfig } from '../config';
import { DiskMediaStore } from '../media-pipeline/disk-media-store';
import { migrateDiskToS3 } from '../media-pipeline/migrate-media';
import { S3MediaStore } from '../media-pipeline/s3-media-store';

const args = process.argv.slice(2);
const to = args[args.indexOf('--to') + 1];
if (!args.includes('--to') || to !== 's3') {
  console.error('Usage: npm run media:migrate -- --to s3   (copies DATA_DIR/media to the bucket S3_BUCKET names)');
  process.exit(2);
}
const config = loadConfig();
if (!config.s3) {
  console.error(
    'S3_BUCKET is not set: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as your service needs) first.',
  );
  process.exit(2);
}
const from = new DiskMediaStore(join(config.dataDir, 'media'));
const bucket = new S3MediaStore(config.s3);
console.log(`Copying ${from.root} to the bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}…`);
const started = Date.now();
const result = await migrateDiskToS3(from, bucket, { log: (line) => console.log(line) });
bucket.close();
console.log(
  `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.copied} copied (${(result.bytes / 1e6).toFixed(1)} MB), ${result.skipped} already in the bucket, ${result.failed.length} failed.`,
);
for (const f of result.failed.slice(0, 20)) console.error(`  ${f.key}: ${f.error}`);
if (result.failed.length > 0) {
  console.error('Run it again to retry the failed ones.');
  process.exit(1);
}
