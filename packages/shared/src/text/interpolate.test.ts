import { describe, expect, it } from 'vitest';
import { interpolate } from './interpolate';

describe('interpolate', () => {
  it('replaces placeholders', () => {
    expect(interpolate('Please enter no more than {maxLength} characters.', { maxLength: 50 })).toBe('Please enter no more than 50 characters.');
    expect(interpolate('Moved to {boardName}', { boardName: 'Recipes' })).toBe('Moved to Recipes');
  });

  it('replaces every occurrence and several names', () => {
    expect(interpolate('{a} and {b} and {a}', { a: 'x', b: 0 })).toBe('x and 0 and x');
  });

  it('leaves unknown placeholders and inherited names alone', () => {
    expect(interpolate('Hello {name}', {})).toBe('Hello {name}');
    expect(interpolate('{constructor} {toString}')).toBe('{constructor} {toString}');
  });

  it('does not re-interpret replacement text', () => {
    expect(interpolate('{a}', { a: '{b} $& $1', b: 'no' })).toBe('{b} $& $1');
  });
});
