/**
 * Trims a run of one character from the ends of a string in one pass. A pattern such as
 * `/-+$/` is quadratic on a long run that is not at the end (the engine retries the run
 * from each of its characters), and these run on text people type.
 */
export function trimTrailing(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end--;
  return text.slice(0, end);
}

export function trimLeading(text: string, char: string): string {
  let start = 0;
  while (start < text.length && text[start] === char) start++;
  return text.slice(start);
}

export function trimRuns(text: string, char: string): string {
  return trimLeading(trimTrailing(text, char), char);
}
