import { useCallback, useEffect, useState } from 'react';
import { api, apiRoute } from '../../lib/api';

/**
 * Push notifications on this device (decision 087): the service worker
 * (public/sw.js, served from the root so that it may show the whole app's
 * pushes), the browser's permission, a Web Push subscription made with the
 * server's VAPID key (GET /v3/push/key/) and kept by the server
 * (PushSubscriptionResource).
 */

const WORKER_URL = '/sw.js';

export type PushState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

function supported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** A base64url string as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function stateNow(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** Registers the worker, asks for permission, subscribes and tells the server. Answers the state reached. */
async function turnOn(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  const registration = await navigator.serviceWorker.register(WORKER_URL, { scope: '/' });
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const key = (await apiRoute('GET /v3/push/key/', {})).data.public_key;
  const ready = await navigator.serviceWorker.ready.catch(() => registration);
  const subscription =
    (await ready.pushManager.getSubscription()) ?? (await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  const json = subscription.toJSON();
  const keys = json.keys ?? {};
  await api.resource('PushSubscriptionResource', 'create', {
    endpoint: subscription.endpoint,
    keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' },
  });
  return 'on';
}

/** Unsubscribes this device and tells the server to forget it. */
async function turnOff(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    const { endpoint } = subscription;
    await subscription.unsubscribe();
    await api.resource('PushSubscriptionResource', 'delete', { endpoint });
  }
  return stateNow();
}

/** The device's push state, and a switch for it (`busy` while a change is on its way; `failed` after one failed). */
export function usePushOnThisDevice() {
  const [state, setState] = useState<PushState>('checking');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let stopped = false;
    void stateNow()
      .catch((): PushState => 'off')
      .then((found) => {
        if (!stopped) setState(found);
      });
    return () => {
      stopped = true;
    };
  }, []);

  const change = useCallback(async (on: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      setState(await (on ? turnOn() : turnOff()));
    } catch {
      setFailed(true);
      setState(await stateNow().catch((): PushState => 'off'));
    } finally {
      setBusy(false);
    }
  }, []);

  return { state, busy, failed, change };
}
