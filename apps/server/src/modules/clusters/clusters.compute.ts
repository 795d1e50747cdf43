/**
 * Board suggestions (Pin clusters) from a person's unorganized Pins: Pins
 * that share a word of their titles, or the site their links point to, are
 * grouped, biggest group first, each Pin in one group only. Pure functions.
 */
import { createHash } from 'node:crypto';

export interface ClusterInput {
  id: string;
  title: string;
  link: string;
}

export interface Cluster {
  /** Decimal id derived from the cluster's key, stable while the key exists. */
  id: string;
  /** 'word:sourdough' or 'site:example.com'. */
  key: string;
  names: string[];
  /** Member Pin ids in the order given (newest first). */
  pinIds: string[];
}

/** A group needs at least this many Pins to be suggested as a board. */
const MIN_CLUSTER_SIZE = 2;

/** Words too common to name a board. */
const STOP_WORDS = new Set(
  `a an and are as at be but by for from has have how i in into is it its my of on or our so that the this to up was we
   what when where which with you your yours new best idea ideas pin pins board boards tips ways things make made more most
   very just get got one two all any some`.split(/\s+/),
);

export function titleWords(title: string): string[] {
  const words =
    title
      .toLowerCase()
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= 3 && !/^\d+$/.test(w) && !STOP_WORDS.has(w)))];
}

export function linkSite(link: string): string | null {
  if (!link) return null;
  try {
    const host = new URL(/^https?:\/\//i.test(link) ? link : `https://${link}`).hostname.toLowerCase();
    return host.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

export function clusterId(key: string): string {
  // 52 bits of the key's hash: a decimal id like every other id, unique enough within one person's suggestions.
  return BigInt(`0x${createHash('sha256').update(key).digest('hex').slice(0, 13)}`).toString();
}

function keysOf(pin: ClusterInput): string[] {
  const keys = titleWords(pin.title).map((w) => `word:${w}`);
  const site = linkSite(pin.link);
  if (site) keys.push(`site:${site}`);
  return keys;
}

function capitalise(word: string) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * A word cluster is named by its word, joined by a second word every member
 * shares when there is one, in the order the newest Pin's title has them
 * ('Sourdough bread'); a site cluster by the site.
 */
function namesOf(key: string, members: ClusterInput[]): string[] {
  if (key.startsWith('site:')) return [key.slice(5)];
  const word = key.slice(5);
  const first = titleWords(members[0]!.title);
  const shared = first.filter((w) => w !== word && members.every((m) => titleWords(m.title).includes(w)));
  const names = [capitalise(word)];
  if (shared[0]) {
    const pair = first.indexOf(shared[0]) < first.indexOf(word) ? [shared[0], word] : [word, shared[0]];
    names.unshift(capitalise(pair.join(' ')));
  }
  return names;
}

export function computeClusters(pins: readonly ClusterInput[], limit: number): Cluster[] {
  const keysByPin = new Map(pins.map((pin) => [pin.id, keysOf(pin)]));
  const unassigned = new Set(pins.map((pin) => pin.id));
  const clusters: Cluster[] = [];
  while (clusters.length < limit) {
    const counts = new Map<string, number>();
    for (const pin of pins) {
      if (!unassigned.has(pin.id)) continue;
      for (const key of keysByPin.get(pin.id)!) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    // Biggest group first; among equals, words before sites, then alphabetical, so the result is stable.
    const best = [...counts].sort(
      ([ka, a], [kb, b]) => b - a || (ka.startsWith('site:') ? 1 : 0) - (kb.startsWith('site:') ? 1 : 0) || ka.localeCompare(kb),
    )[0];
    if (!best || best[1] < MIN_CLUSTER_SIZE) break;
    const [key] = best;
    const members = pins.filter((pin) => unassigned.has(pin.id) && keysByPin.get(pin.id)!.includes(key));
    for (const member of members) unassigned.delete(member.id);
    clusters.push({ id: clusterId(key), key, names: namesOf(key, members), pinIds: members.map((m) => m.id) });
  }
  return clusters;
}
