import { describe, expect, it } from 'vitest';
import { mentionedUsernames, splitMentions } from './mentions';

describe('splitMentions', () => {
  it('finds usernames after @ and keeps the text around them', () => {
    expect(splitMentions('Love it @ada_l, and @Bob123!')).toEqual([
      { kind: 'text', text: 'Love it ' },
      { kind: 'mention', username: 'ada_l' },
      { kind: 'text', text: ', and ' },
      { kind: 'mention', username: 'Bob123' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('ignores email addresses, too short and too long names', () => {
    const long = 'a'.repeat(31);
    for (const text of ['mail me@example.com', 'hi @ab', `hi @${long}`, '@', '@@@']) {
      expect(splitMentions(text)).toEqual([{ kind: 'text', text }]);
    }
  });

  it('joins back into the text', () => {
    const text = '@start middle @x_y_z @@double end@not @last';
    expect(
      splitMentions(text)
        .map((p) => (p.kind === 'text' ? p.text : `@${p.username}`))
        .join(''),
    ).toBe(text);
  });

  it('stays linear on long runs of @ and name characters', () => {
    const text = '@'.repeat(100_000) + 'a'.repeat(100_000);
    expect(splitMentions(text)).toHaveLength(1);
  });
});

describe('mentionedUsernames', () => {
  it('names each person once', () => {
    expect(mentionedUsernames('@Ada @ada @bob')).toEqual(['Ada', 'bob']);
  });
});
