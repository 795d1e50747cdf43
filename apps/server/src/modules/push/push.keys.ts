/**
 * The VAPID key pair (RFC 8292) that signs every push (decision 088): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY
 * when set, else the pair kept in the database's shared secrets, made by the first server that needs one, so
 * every server signs with the key the browsers subscribed with. Read once per app (per configuration).
 */
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { sharedSecret } from '../servers';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const SECRET_NAME = 'vapid';
const kept = new WeakMap<object, Promise<VapidKeys>>();

export function vapidKeys(db: Db, config: { vapidKeys: VapidKeys | null }): Promise<VapidKeys> {
  if (config.vapidKeys) return Promise.resolve(config.vapidKeys);
  let keys = kept.get(config);
  if (!keys) {
    keys = sharedSecret(db, SECRET_NAME, () => JSON.stringify(webpush.generateVAPIDKeys())).then((text) => {
      const { publicKey, privateKey } = JSON.parse(text) as VapidKeys;
      return { publicKey, privateKey };
    });
    // A failed read (the database away) is tried again by the next caller.
    keys.catch(() => kept.delete(config));
    kept.set(config, keys);
  }
  return keys;
}
