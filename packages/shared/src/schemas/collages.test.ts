import { describe, expect, it } from 'vitest';
import { COLLAGE_MAX_TOTAL_PIXELS } from '../constants/collages';
import { zCollageLayers } from './collages';

const layer = (width: number, height: number) => ({ pin_id: '1', x: 0, y: 0, width, height });

describe('a collage pixel budget', () => {
  it('allows layers covering up to COLLAGE_MAX_TOTAL_PIXELS together, and not one row more', () => {
    // 6 layers of 4000×1000 = 24 megapixels.
    const atBudget = Array.from({ length: 6 }, () => layer(4000, 1000));
    expect(atBudget.reduce((sum, l) => sum + l.width * l.height, 0)).toBe(COLLAGE_MAX_TOTAL_PIXELS);
    expect(zCollageLayers.safeParse(atBudget).success).toBe(true);
    const over = zCollageLayers.safeParse([...atBudget.slice(1), layer(4000, 1001)]);
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe('layers: these images are too large together. Make some of them smaller.');
    expect(zCollageLayers.safeParse(Array.from({ length: 20 }, () => layer(4000, 4000))).success).toBe(false);
  });
});
