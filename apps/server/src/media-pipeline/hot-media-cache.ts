/**
 * The most recently served images, in memory, up to a byte budget. A media
 * key names an immutable object (a new image gets a new name), so a cached
 * copy is never stale; who may see it is decided before, by the media policy.
 */
import { countCache } from '../metrics';
import type { StoredObject } from './media-store';

export class HotMediaCache {
  private readonly entries = new Map<string, StoredObject>();
  private bytes = 0;

  constructor(
    private readonly budgetBytes: number,
    private readonly maxObjectBytes = 512 * 1024,
  ) {}

  get(key: string): StoredObject | undefined {
    const hit = this.entries.get(key);
    if (this.budgetBytes > 0) countCache('hot_media', hit !== undefined);
    if (hit) {
      // Most recently used last, so the oldest is evicted first.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, object: StoredObject) {
    const size = object.data.length;
    if (size > this.maxObjectBytes || size > this.budgetBytes || this.entries.has(key)) return;
    this.entries.set(key, object);
    this.bytes += size;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.data.length;
    }
  }

  /** Forget an object that was deleted from the store. */
  delete(key: string) {
    const hit = this.entries.get(key);
    if (!hit) return;
    this.entries.delete(key);
    this.bytes -= hit.data.length;
  }

  get size() {
    return { objects: this.entries.size, bytes: this.bytes };
  }
}
