import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@pinboard/shared/constants/limits';
import { TEXTS } from './allTexts';
import { fileProblem } from './upload';

describe('fileProblem', () => {
  it('accepts the four image types up to 20 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) {
      expect(fileProblem({ type, size: 1000 })).toBeNull();
    }
    expect(fileProblem({ type: 'image/png', size: IMAGE_MAX_BYTES })).toBeNull();
  });

  it('refuses other types and larger files', () => {
    expect(fileProblem({ type: 'image/svg+xml', size: 10 })).toBe(TEXTS.create.fileNotImage);
    expect(fileProblem({ type: 'application/pdf', size: 10 })).toBe(TEXTS.create.fileNotImage);
    expect(fileProblem({ type: '', size: 10 })).toBe(TEXTS.create.fileNotImage);
    expect(fileProblem({ type: 'image/jpeg', size: IMAGE_MAX_BYTES + 1 })).toBe(TEXTS.create.fileTooLarge);
  });
});
