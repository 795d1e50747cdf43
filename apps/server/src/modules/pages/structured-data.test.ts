import { describe, expect, it } from 'vitest';
import { jsonLdScript, profileJsonLd } from './structured-data';

const abs = (p: string) => `https://pins.example${p}`;
const user = { username: 'ava', full_name: 'Ava', about: 'Plants', image_medium_url: null, follower_count: 3, seo_noindex_reason: null };
const pin = (id: number, extra: object = {}) => ({
  id: String(id),
  title: `Pin ${id}`,
  description: '',
  created_at: '2026-01-01T00:00:00.000Z',
  images: { '736x': { url: `/media/${id}.jpg`, width: 736, height: 900 } },
  ...extra,
});

describe('profile structured data', () => {
  it('lists at most 10 Pins', () => {
    const data = profileJsonLd(
      user,
      Array.from({ length: 14 }, (_, i) => pin(i)),
      abs,
    ) as { hasPart: unknown[] };
    expect(data.hasPart).toHaveLength(10);
  });

  it('skips Pins with a noindex reason or without created_at, reporting the missing date', () => {
    const problems: string[] = [];
    const data = profileJsonLd(user, [pin(1, { seo_noindex_reason: 'spam' }), pin(2, { created_at: null }), pin(3)], abs, (p, id) =>
      problems.push(`${p}:${id}`),
    ) as {
      hasPart: { url: string }[];
    };
    expect(data.hasPart.map((p) => p.url)).toEqual(['https://pins.example/pin/3/']);
    expect(problems).toEqual(['missing created_at:2']);
  });

  it('says nothing for a profile with a noindex reason', () => {
    expect(profileJsonLd({ ...user, seo_noindex_reason: 'private_profile' }, [pin(1)], abs)).toBeNull();
  });

  it('cannot close its script tag early', () => {
    const html = jsonLdScript({ name: '</script><script>alert(1)</script>' });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });
});
