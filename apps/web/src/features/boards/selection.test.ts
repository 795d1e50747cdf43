import { describe, expect, it } from 'vitest';
import { ALL_SELECTED, NOTHING_SELECTED, isSelected, selectedCount, toApiSelection, toggle } from './selection';

describe('Organize selection', () => {
  it('lists picked Pins', () => {
    let s = toggle(NOTHING_SELECTED, '1', true);
    s = toggle(s, '2', true);
    s = toggle(s, '1', false);
    expect(isSelected(s, '2')).toBe(true);
    expect(isSelected(s, '1')).toBe(false);
    expect(selectedCount(s, 10)).toBe(1);
    expect(toApiSelection(s)).toEqual({ pin_ids: ['2'] });
  });

  it('select all keeps the Pins deselected afterwards as exceptions', () => {
    let s = toggle(ALL_SELECTED, '7', false);
    s = toggle(s, '8', false);
    s = toggle(s, '8', true);
    expect(isSelected(s, '7')).toBe(false);
    expect(isSelected(s, '8')).toBe(true);
    expect(isSelected(s, 'not loaded yet')).toBe(true);
    expect(selectedCount(s, 40)).toBe(39);
    expect(toApiSelection(s)).toEqual({ select_all: true, excluded_pin_ids: ['7'] });
  });

  it('never counts below zero', () => {
    expect(selectedCount(toggle(ALL_SELECTED, '1', false), 0)).toBe(0);
  });
});
