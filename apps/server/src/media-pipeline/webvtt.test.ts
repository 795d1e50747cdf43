import { describe, expect, it } from 'vitest';
import { CAPTIONS_MAX_CHARS, checkWebVtt } from './webvtt';

const GOOD = 'WEBVTT\n\nNOTE made by hand\n\n1\n00:00.000 --> 00:01.500 line:90%\nHello\n\n00:00:01.500 --> 00:00:03.000\n<v Ann>Two lines\nof text\n';

describe('checkWebVtt', () => {
  it('takes a file with ids, notes, hours and settings, and gives it back with \\n line endings', () => {
    const r = checkWebVtt(`\ufeff${GOOD.replaceAll('\n', '\r\n')}`);
    expect(r).toEqual({ ok: true, text: GOOD, cues: 2 });
  });

  it.each([
    ['no signature', 'WEBVTTX\n\n00:00.000 --> 00:01.000\nx', 'WEBVTT'],
    ['not text', 'WEBVTT\n\n00:00.000 --> 00:01.000\nx\0', 'text only'],
    ['no cues', 'WEBVTT\n\nNOTE nothing\n', 'no cues'],
    ['a bad timing', 'WEBVTT\n\n00:00.000 --> 00:01.00\nx', 'line 3'],
    ['an id without timing', 'WEBVTT\n\nintro\nHello', 'line 4'],
    ['a cue ending before it starts', 'WEBVTT\n\n00:02.000 --> 00:01.000\nx', 'end after'],
    ['seconds past 59', 'WEBVTT\n\n00:00.000 --> 00:61.000\nx', 'line 3'],
    ['a cue in the header', 'WEBVTT\n00:00.000 --> 00:01.000\nx', 'blank line'],
    ['too long', `WEBVTT\n\n00:00.000 --> 00:01.000\n${'x'.repeat(CAPTIONS_MAX_CHARS)}`, 'at most'],
  ])('refuses %s', (_name, text, reason) => {
    const r = checkWebVtt(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain(reason);
  });

  it('takes time linear in its length on hostile input', () => {
    // Both inputs stay under the size cap, so that the parser (not the cap) reads them.
    const hostile = `WEBVTT\n\n${'00:00.000 --> '.repeat(7000)}`;
    expect(hostile.length).toBeLessThan(CAPTIONS_MAX_CHARS);
    const started = performance.now();
    expect(checkWebVtt(hostile).ok).toBe(false);
    const many = `WEBVTT\n\n${'00:00.000 --> 00:01.000\nx\n\n'.repeat(3500)}`;
    expect(many.length).toBeLessThan(CAPTIONS_MAX_CHARS);
    expect(checkWebVtt(many)).toMatchObject({ ok: true, cues: 3500 });
    // A backtracking blow-up would take seconds; a linear read of 100 KB takes milliseconds.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
