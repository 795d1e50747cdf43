/**
 * Which repo function sent a query, as a label of the query histogram: found once per SQL text from the
 * call stack (the first frame in a `*.repo.ts` file; with source maps on, as `npm start` has them, in the
 * bundle too), then kept by text. Bounded twice: the label is a function of the code, and past
 * MAX_TEXTS texts (queries built with a varying shape) the rest count as "other" without a look.
 */
import { OTHER } from './index';

const MAX_TEXTS = 5000;
const labels = new Map<string, string>();
/** A stack frame's end when its file is a repo's (`.repo.ts:12:5)`), and its function's name (`at insert (`). */
const REPO_FILE_END = /^\.repo\.[cm]?[jt]s:\d+:\d+\)?$/;
const FUNCTION_NAME = /^\s*at (?:async )?(\S+) \(/;

/** `pins.findVisible` for a query sent from findVisible in pins.repo.ts; OTHER when no repo file is on the stack. */
export function repoOf(sql: string): string {
  const known = labels.get(sql);
  if (known !== undefined) return known;
  if (labels.size >= MAX_TEXTS) return OTHER;
  const label = repoOfStack(stackHere());
  labels.set(sql, label);
  return label;
}

function stackHere(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 30;
  const holder: { stack?: string } = {};
  Error.captureStackTrace(holder, repoOf);
  Error.stackTraceLimit = limit;
  return holder.stack ?? '';
}

/** The label of the first repo frame of a stack text with a function's name; a callback's (no name) when none has one. */
function repoOfStack(stack: string): string {
  let unnamed: string | null = null;
  for (const line of stack.split('\n')) {
    const file = repoFileOf(line);
    if (!file) continue;
    const fn = (FUNCTION_NAME.exec(line)?.[1] ?? '')
      .split('.')
      .at(-1)!
      .replace(/[^\w$]/g, '');
    if (fn && fn !== 'anonymous') return `${file}.${fn}`;
    unnamed ??= `${file}.anonymous`;
  }
  return unnamed ?? OTHER;
}

/** `pins` for a frame in `…/pins.repo.ts`; null for any other file. */
function repoFileOf(line: string): string | null {
  const at = line.lastIndexOf('.repo.');
  if (at < 0 || !REPO_FILE_END.test(line.slice(at))) return null;
  let start = at;
  while (start > 0 && /[\w-]/.test(line[start - 1]!)) start--;
  return start < at ? line.slice(start, at) : null;
}
