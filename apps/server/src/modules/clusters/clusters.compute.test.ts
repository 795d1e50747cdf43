import { describe, expect, it } from 'vitest';
import { clusterId, computeClusters, linkSite, titleWords } from './clusters.compute';

const pin = (id: string, title: string, link = '') => ({ id, title, link });

describe('board suggestions from unorganized Pins', () => {
  it('reads title words without stop words, numbers or short words, and sites without www', () => {
    expect(titleWords('The 10 best Sourdough loaves for you, and Sourdough tips')).toEqual(['sourdough', 'loaves']);
    expect(linkSite('https://www.Example.com/a?b')).toBe('example.com');
    expect(linkSite('shop.example/x')).toBe('shop.example');
    expect(linkSite('')).toBeNull();
  });

  it('groups biggest first, each Pin once, words before sites on ties, and stops at the limit', () => {
    const pins = [
      pin('6', 'Knitted hat', 'https://knits.example/hat'),
      pin('5', 'Wool scarf', 'https://knits.example/scarf'),
      pin('4', 'Sourdough bread crust'),
      pin('3', 'Sourdough bread scoring'),
      pin('2', 'Sourdough starter'),
      pin('1', 'Lonely Pin'),
    ];
    const clusters = computeClusters(pins, 10);
    expect(clusters.map((c) => [c.key, c.pinIds])).toEqual([
      ['word:sourdough', ['4', '3', '2']],
      ['site:knits.example', ['6', '5']],
    ]);
    expect(clusters[0]!.names).toEqual(['Sourdough']);
    expect(computeClusters(pins, 1)).toHaveLength(1);
    expect(computeClusters([pin('1', 'Alone')], 10)).toEqual([]);
  });

  it('names a cluster by a second word every member shares, in title order', () => {
    const [cluster] = computeClusters([pin('2', 'Scandinavian living room'), pin('1', 'Living room plants for Scandinavian homes')], 10);
    expect(cluster!.names[0]).toMatch(/^(Scandinavian living|Living room|Scandinavian room)$/);
    expect(cluster!.names).toHaveLength(2);
  });

  it('gives decimal ids that stay the same for the same key', () => {
    expect(clusterId('word:sourdough')).toMatch(/^\d+$/);
    expect(clusterId('word:sourdough')).toBe(clusterId('word:sourdough'));
    expect(clusterId('word:sourdough')).not.toBe(clusterId('word:balcony'));
  });
});
