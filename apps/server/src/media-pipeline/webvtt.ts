/**
 * Checks a WebVTT captions file (decision 044) in one pass over its lines,
 * with anchored single-line patterns only (linear in its length, whatever
 * its content): the `WEBVTT` signature, then blocks separated by blank lines,
 * each a NOTE, STYLE or REGION block or a cue (an optional id line, a timing
 * line `[hh:]mm:ss.ttt --> [hh:]mm:ss.ttt [settings]`, its text). At least
 * one cue; each ends after it starts. Answers the text with its line endings
 * made `\n` (and no byte-order mark), or the reason it is refused.
 */
import { CAPTIONS_MAX_CHARS } from '@pinboard/shared/schemas/pins';

export { CAPTIONS_MAX_CHARS };

/** A cue's time past this many hours is not a caption of our videos (10 minutes at most). */
const MAX_HOURS = 99;

const TIME = '(?:(\\d{2}):)?([0-5]\\d):([0-5]\\d)\\.(\\d{3})';
const TIMING_RE = new RegExp(`^${TIME}[ \\t]+-->[ \\t]+${TIME}(?:[ \\t][^\\n]*)?$`);
const SIGNATURE_RE = /^WEBVTT(?:[ \t][^\n]*)?$/;
const SPECIAL_RE = /^(?:NOTE|STYLE|REGION)(?:[ \t][^\n]*)?$/;

/** A refusal's `reason` (English) and its `serverErrors.captions.*` key and arguments (decision 042). */
export type WebVttCheck = { ok: true; text: string; cues: number } | { ok: false; reason: string; key: string; args?: Record<string, string> };

const fail = (reason: string, key: string, args?: Record<string, string>): WebVttCheck => ({ ok: false, reason, key, ...(args ? { args } : {}) });

function ms(h: string | undefined, m: string, s: string, t: string) {
  return ((Number(h ?? 0) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(t);
}

export function checkWebVtt(input: string): WebVttCheck {
  if (input.length > CAPTIONS_MAX_CHARS)
    return fail(`a captions file has at most ${CAPTIONS_MAX_CHARS} characters.`, 'maxChars', { max: String(CAPTIONS_MAX_CHARS) });
  if (input.includes('\0')) return fail('a captions file holds text only.', 'textOnly');
  const lines = (input.charCodeAt(0) === 0xfeff ? input.slice(1) : input).split(/\r\n|\r|\n/);
  if (!SIGNATURE_RE.test(lines[0] ?? '')) return fail('not a WebVTT file: it must start with WEBVTT.', 'notWebVtt');
  let i = 1;
  // The header runs to the first blank line.
  while (i < lines.length && lines[i] !== '') {
    if (lines[i]!.includes('-->')) return fail(`line ${i + 1}: a blank line must come before the first cue.`, 'blankLine', { line: String(i + 1) });
    i++;
  }
  let cues = 0;
  while (i < lines.length) {
    if (lines[i] === '') {
      i++;
      continue;
    }

    if (SPECIAL_RE.test(lines[i]!)) {
      while (i < lines.length && lines[i] !== '') i++;
      continue;
    }
    // An id line, then the timing line (or the timing line at once).
    if (!lines[i]!.includes('-->')) i++;
    const timing = i < lines.length ? TIMING_RE.exec(lines[i]!) : null;
    if (!timing)
      return fail(`line ${Math.min(i, lines.length - 1) + 1}: expected a cue timing such as 00:01.000 --> 00:04.000.`, 'cueTiming', {
        line: String(Math.min(i, lines.length - 1) + 1),
      });
    const [, h1, m1, s1, t1, h2, m2, s2, t2] = timing;
    if (Number(h1 ?? 0) > MAX_HOURS || Number(h2 ?? 0) > MAX_HOURS) return fail(`line ${i + 1}: a cue time is too far in.`, 'tooFar', { line: String(i + 1) });
    if (ms(h2, m2!, s2!, t2!) <= ms(h1, m1!, s1!, t1!)) return fail(`line ${i + 1}: a cue must end after it starts.`, 'endAfterStart', { line: String(i + 1) });
    cues++;
    i++;
    while (i < lines.length && lines[i] !== '') {
      if (lines[i]!.includes('-->')) return fail(`line ${i + 1}: a cue's text cannot hold "-->".`, 'arrowInText', { line: String(i + 1) });
      i++;
    }
  }
  if (cues === 0) return fail('the file has no cues.', 'noCues');
  return { ok: true, text: lines.join('\n'), cues };
}
