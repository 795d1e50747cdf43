import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, opendir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { assertValidMediaKey, contentTypeForKey, isValidMediaKey, type MediaStore, type StoredObject, type StoredReader } from './media-store';

function errnoCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
}

/**
 * Stores media as plain files under `root` (the key is the relative path). Writes are atomic:
 * data goes to a uniquely named temp file in the target directory, is fsynced, then renamed
 * over the final name, so readers never see a partial file. Temp files end in `.tmp`, which is
 * not a servable extension, so `get` can never return one.
 */
export class DiskMediaStore implements MediaStore {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    mkdirSync(this.root, { recursive: true });
  }

  /** Absolute file path for a key; throws InvalidMediaKeyError for anything unsafe. */
  pathFor(key: string): string {
    assertValidMediaKey(key);
    const full = path.resolve(this.root, key);
    // Belt and braces: the key syntax already rules out escaping the root.
    if (!full.startsWith(this.root + path.sep)) throw new Error(`Media key escapes the store root: ${key}`);
    return full;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const file = this.pathFor(key);
    const expected = contentTypeForKey(key);
    if (contentType !== expected) {
      throw new Error(`Content type ${contentType} does not match the extension of ${key} (${expected})`);
    }
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      const fh = await open(tmp, 'wx', 0o644);
      try {
        await fh.writeFile(data);
        await fh.datasync();
      } finally {
        await fh.close();
      }
      await rename(tmp, file);
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isValidMediaKey(key)) return null;
    const contentType = contentTypeForKey(key);
    if (contentType === null) return null;
    try {
      const fh = await open(this.pathFor(key), 'r');
      try {
        const [data, stat] = await Promise.all([fh.readFile(), fh.stat()]);
        return { data, contentType, modifiedAt: stat.mtime };
      } finally {
        await fh.close();
      }
    } catch (err) {
      const code = errnoCode(err);
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
      throw err;
    }
  }

  async delete(keys: string[]): Promise<void> {
    const files = keys.map((key) => this.pathFor(key)); // validate all before deleting any
    await Promise.all(
      files.map(async (file) => {
        try {
          await unlink(file);
        } catch (err) {
          if (errnoCode(err) !== 'ENOENT') throw err;
        }
      }),
    );
  }

  async putFile(key: string, source: string, contentType: string): Promise<void> {
    const file = this.pathFor(key);
    if (contentType !== contentTypeForKey(key)) throw new Error(`Content type ${contentType} does not match the extension of ${key}`);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await copyFile(source, tmp);
      const fh = await open(tmp, 'r+');
      try {
        await fh.datasync();
      } finally {
        await fh.close();
      }
      await rename(tmp, file);
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
  }

  async getToFile(key: string, target: string): Promise<boolean> {
    if (!isValidMediaKey(key)) return false;
    try {
      await copyFile(this.pathFor(key), target);
      return true;
    } catch (err) {
      if (errnoCode(err) === 'ENOENT') return false;
      throw err;
    }
  }

  async openRead(key: string): Promise<StoredReader | null> {
    if (!isValidMediaKey(key)) return null;
    const contentType = contentTypeForKey(key);
    if (contentType === null) return null;
    const file = this.pathFor(key);
    try {
      const st = await stat(file);
      if (!st.isFile()) return null;
      return { size: st.size, contentType, modifiedAt: st.mtime, stream: (start, end) => createReadStream(file, { start, end }) };
    } catch (err) {
      const code = errnoCode(err);
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw err;
    }
  }

  /** Every stored object's key and size, folder by folder (temp files and anything not a media key left out). */
  async *list(): AsyncGenerator<{ key: string; size: number }> {
    const walk = async function* (root: string, dir: string): AsyncGenerator<{ key: string; size: number }> {
      for await (const entry of await opendir(dir)) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) yield* walk(root, full);
        else if (entry.isFile()) {
          const key = path.relative(root, full).split(path.sep).join('/');
          if (!isValidMediaKey(key)) continue;
          try {
            yield { key, size: (await stat(full)).size };
          } catch (err) {
            if (errnoCode(err) !== 'ENOENT') throw err; // deleted meanwhile
          }
        }
      }
    };
    yield* walk(this.root, this.root);
  }
}
