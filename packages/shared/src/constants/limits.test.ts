import { describe, expect, it } from 'vitest';
import {
  BADGE_PALETTE,
  BOARD_DESCRIPTION_MAX,
  BOARD_NAME_MAX,
  BUDGET_MICRO_MULTIPLIER,
  CAMPAIGN_NAME_MAX,
  DEFAULT_TRUNCATE,
  DESCRIPTION_DISPLAY_MAX,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_SIZES,
  IMAGE_SIZE_WIDTHS,
  MAX_AGE_RECENTLY_DELETED_BOARD_DAYS,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SITE_CODES,
  TITLE_DISPLAY_MAX,
  UNBLOCK_TOAST_MS,
  TOAST_MS,
} from './limits';

describe('limits', () => {
  it('matches the spec and the API contract', () => {
    expect(BOARD_NAME_MAX).toBe(50);
    expect(BOARD_DESCRIPTION_MAX).toBe(500);
    expect(TITLE_DISPLAY_MAX).toBe(200);
    expect(DESCRIPTION_DISPLAY_MAX).toBe(496);
    expect(DEFAULT_TRUNCATE).toBe(80);
    expect(CAMPAIGN_NAME_MAX).toBe(64);
    expect(MAX_AGE_RECENTLY_DELETED_BOARD_DAYS).toBe(7);
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(256);
    expect(PAGE_SIZE_DEFAULT).toBeLessThanOrEqual(PAGE_SIZE_MAX);
    expect(IMAGE_MAX_BYTES).toBe(20_971_520);
    expect(IMAGE_MAX_PIXELS).toBe(50_000_000);
    expect(TOAST_MS).toBe(5000);
    expect(UNBLOCK_TOAST_MS).toBe(3000);
    expect(BUDGET_MICRO_MULTIPLIER).toBe(1_000_000);
  });

  it('has 7 valid hex badge colours', () => {
    expect(BADGE_PALETTE).toHaveLength(7);
    for (const colour of BADGE_PALETTE) expect(colour).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('gives every image size its width', () => {
    for (const size of IMAGE_SIZES) expect(IMAGE_SIZE_WIDTHS[size]).toBe(Number.parseInt(size, 10));
  });

  it('has the site codes of the spec', () => {
    expect(SITE_CODES.WWW).toBe(0);
    expect(SITE_CODES.PHONE_OR_TABLET).toBe(1);
    expect(SITE_CODES.BUSINESS).toBe(6);
    expect(SITE_CODES.PINNACLE_INTERNAL).toBe(17);
    expect(Object.keys(SITE_CODES)).toHaveLength(13);
    expect(new Set(Object.values(SITE_CODES)).size).toBe(13);
  });
});
