/**
 * Visibility and block decisions live in `*.policy.ts` files only (decision
 * 027): every other file under `src/modules` is scanned for the SQL that
 * makes such a decision, and each hit fails the test with its file and line.
 * Writing to the tables (inserting or deleting a block, choosing a board's
 * privacy) is not a decision and is not flagged.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = join(__dirname, '../../src/modules');
/** The content kernel (decision 070): policy files, and whatever else may come there, is scanned like a module. */
const KERNEL = join(__dirname, '../../src/kernel');

/** What a visibility or block decision looks like in SQL. */
export const MARKERS: { name: string; pattern: RegExp }[] = [
  { name: 'reads the blocks table (use blocks.policy)', pattern: /(?<!DELETE\s+)\bFROM\s+blocks\b|\bJOIN\s+blocks\b/i },
  { name: 'leaves boards out by privacy (use boards.policy)', pattern: /\bprivacy\s*(<>|!=)|\bprivacy\s+NOT\s+IN\b/i },
  { name: 'leaves archived boards out (use boards.policy)', pattern: /\barchived_at\s+IS\s+NULL\b/i },
  { name: 'decides on a private profile (use users.policy)', pattern: /\b(WHERE|AND|OR|NOT|WHEN)\s+[\w.]*is_private_profile\b/i },
  {
    name: 'decides on a follow for content (use users.policy)',
    pattern: /\bFROM\s+follows\s+\w+\s+WHERE\s+\w+\.follower_id\s*=\s*\$\d[^`]*followee_id\s*=\s*[\w.]*owner_id/i,
  },
  // Decision 080: a row becomes Visible, Editable, Deletable or Pinnable only where a policy said yes.
  { name: 'attaches an access brand (only policy files do)', pattern: /\bas\s+(Visible|Editable|Deletable|Pinnable)\s*</ },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.policy.ts') ? [path] : [];
  });
}

/** Each line that carries a marker, as `file:line: marker: text`; comments are not code. */
export function violations(files: { path: string; text: string }[]) {
  const found: string[] = [];
  for (const { path, text } of files) {
    text.split('\n').forEach((line, i) => {
      const code = line.replace(/^\s*(\/\/|\/?\*).*$/, '');
      for (const m of MARKERS) if (m.pattern.test(code)) found.push(`${path}:${i + 1}: ${m.name}: ${line.trim()}`);
    });
  }
  return found;
}

describe('visibility and block SQL', () => {
  it('appears in policy files only', () => {
    const files = [...sourceFiles(MODULES), ...sourceFiles(KERNEL)].map((path) => ({
      path: relative(join(MODULES, '..'), path),
      text: readFileSync(path, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(50);
    expect(violations(files)).toEqual([]);
  });

  it('recognises each kind of decision', () => {
    const samples = [
      'SELECT 1 FROM blocks WHERE blocker_id = $1',
      'LEFT JOIN blocks bl ON bl.blocked_id = u.id',
      "AND b.privacy <> 'secret'",
      'WHERE b.archived_at IS NULL',
      'AND NOT u.is_private_profile',
      'EXISTS (SELECT 1 FROM follows vf WHERE vf.follower_id = $1 AND vf.followee_id = b.owner_id)',
      'return row as Editable<BoardWithOwner>;',
    ];
    for (const sample of samples) expect(violations([{ path: 'x.repo.ts', text: `q(\`${sample}\`)` }]), sample).toHaveLength(1);
    // Writes and plain reads are not decisions.
    const fine = [
      'DELETE FROM blocks WHERE blocker_id = $1',
      'INSERT INTO blocks (blocker_id) VALUES ($1)',
      'SELECT is_private_profile FROM users',
      "privacy: 'public'",
    ];
    for (const sample of fine) expect(violations([{ path: 'x.repo.ts', text: sample }]), sample).toEqual([]);
  });
});
