// One-off: rewrites the calls of the hand-written text accessors (lib/texts.ts, lib/moreTexts.ts,
// lib/ownerTexts.ts) to the generated layer's form, TEXTS.group.key({ name: value }), and the
// namespace imports to `import { TEXTS }`. Prints the accessors it cannot rewrite (their values are
// computed), which are done by hand.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LIB = 'apps/web/src/lib';
const MODULES = ['texts.ts', 'moreTexts.ts', 'ownerTexts.ts'];
const simple = new Map(); // key -> param names in order
const custom = new Map(); // key -> source
for (const module of MODULES) {
  const src = readFileSync(join(LIB, module), 'utf8');
  for (const m of src.matchAll(/(\w+): \(([^)]*)\)(?:: [^=]+)? =>\s*(?:\(\{|t\()/g)) {
    const start = m.index;
    const tail = src.slice(start, start + 400);
    const call = /^(\w+): \(([^)]*)\)(?:: [^=]+)? =>\s*t\('([^']+)', \{ ([^}]*) \}\),/.exec(tail);
    const params = m[2].split(',').map((p) => p.trim().split(':')[0].trim()).filter(Boolean);
    if (call) {
      const key = call[3];
      const entries = call[4].split(',').map((e) => e.trim());
      const leaf = key.split('.').pop();
      if (leaf === call[1] && entries.every((e) => /^\w+$/.test(e)) && [...entries].sort().join() === [...params].sort().join()) {
        simple.set(key, params);
        continue;
      }
      custom.set(key, tail.split('\n')[0]);
    } else custom.set(`${module}:${m[1]}`, tail.split('\n').slice(0, 2).join(' '));
  }
}

function files(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files(path, out);
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** The end of the argument list that starts after `open` (the index of its '('). */
function closing(src, open) {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === "'" || c === '"') {
      i++;
      while (src[i] !== c) i += src[i] === '\\' ? 2 : 1;
    } else if (c === '`') {
      i++;
      let inner = 0;
      while (!(src[i] === '`' && inner === 0)) {
        if (src[i] === '\\') i++;
        else if (src[i] === '$' && src[i + 1] === '{') inner++, i++;
        else if (src[i] === '}' && inner > 0) inner--;
        i++;
      }
    } else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      depth--;
      if (depth === 0) return i;
    }
  }
  throw new Error('unbalanced');
}

function splitArgs(text) {
  const args = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      current += text.slice(i, j + 1);
      i = j;
      continue;
    }
    if ('([{'.includes(c)) depth++;
    if (')]}'.includes(c)) depth--;
    if (c === ',' && depth === 0) {
      args.push(current.trim());
      current = '';
    } else current += c;
  }
  if (current.trim()) args.push(current.trim());
  return args;
}

const unknown = new Set();
let calls = 0;
for (const path of files('apps/web/src')) {
  if (path.startsWith(LIB + '/') && MODULES.includes(path.slice(LIB.length + 1))) continue;
  let src = readFileSync(path, 'utf8');
  const before = src;
  src = src.replace(/^import \* as TEXTS from '([^']*\/(?:texts|allTexts|ownerTexts))';$/gm, "import { TEXTS } from '$1';");
  const aliases = new Map([['TEXTS', '']]);
  for (const m of src.matchAll(/\bconst (\w+) = TEXTS\.([\w.]+);/g)) aliases.set(m[1], m[2] + '.');
  for (const [alias, prefix] of aliases) {
    const re = new RegExp(`(?<![\\w.])${alias}\\.([\\w.]+)\\(`, 'g');
    let m;
    while ((m = re.exec(src))) {
      const key = prefix + m[1];
      const open = m.index + m[0].length - 1;
      const params = simple.get(key);
      if (!params) {
        if (!custom.has(key)) unknown.add(`${path}: ${key}`);
        continue;
      }
      const end = closing(src, open);
      const args = splitArgs(src.slice(open + 1, end));
      if (args.length === 1 && args[0].startsWith('{') && params.length > 0 && /^\{\s*\w+[:,}\s]/.test(args[0]) && args[0].endsWith('}')) {
        // Already an object (run twice): leave it.
      }
      if (args.length !== params.length) {
        unknown.add(`${path}: ${key} called with ${args.length} arguments`);
        continue;
      }
      const object = `{ ${args.map((arg, i) => (arg === params[i] ? arg : `${params[i]}: ${arg}`)).join(', ')} }`;
      src = src.slice(0, open + 1) + object + src.slice(end);
      calls++;
      re.lastIndex = open + object.length;
    }
  }
  if (src !== before) writeFileSync(path, src);
}
console.log(`rewrote ${calls} calls`);
console.log('computed accessors (by hand):');
for (const [key, line] of custom) console.log(`  ${key}: ${line}`);
console.log('calls left:');
for (const line of unknown) console.log(`  ${line}`);
