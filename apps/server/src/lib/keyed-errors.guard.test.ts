/**
 * Guard (decision 042): no refusal a person sees is English only. Scans the
 * server's sources (tests aside) for the throw helpers — `new AppError`,
 * `new ValidationError`, `invalid`, `forbidden`, `notFound` — and fails on
 * one whose message is a literal or template the catalogue does not key:
 * a literal must be the en-US text of a `serverErrors.*` key without
 * arguments (keyed by itself), `notFound`'s literal must name a
 * `serverErrors.notFound.*` thing, and a template (text with values in it)
 * must go through `keyedError` / `keyedInvalid` with the values as arguments.
 * A message thrown by name is checked as the string constant of that name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { IMAGE_REJECTION_KEYS } from '../media-pipeline/image-errors';
import { VIDEO_REJECTION_KEYS } from '../media-pipeline/probe-video';
import { EMAIL_CONFLICT_MESSAGE } from '../modules/auth/auth.service';
import { COMMON_PASSWORD_MESSAGE } from '../modules/auth/common-passwords';
import { ACCOUNT_REMOVED } from '../kernel/users.policy';
import { hasText, serverErrorKeyOf } from './i18n';

const SRC = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Which argument of a helper is its message. */
const MESSAGE_ARG: Record<string, { index: number; isNew: boolean }> = {
  AppError: { index: 1, isNew: true },
  ValidationError: { index: 1, isNew: true },
  invalid: { index: 0, isNew: false },
  forbidden: { index: 0, isNew: false },
  notFound: { index: 0, isNew: false },
};

/** The string constants each file declares (`const NAME = '…'`), so a message thrown by name is checked as its text. */
function stringConstants(sf: ts.SourceFile): Map<string, ts.StringLiteralLike> {
  const out = new Map<string, ts.StringLiteralLike>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isStringLiteralLike(node.initializer))
      out.set(node.name.text, node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Each unkeyed literal or template message, as "file:line: text". */
export function unkeyedMessages(files: { path: string; text: string }[]): string[] {
  const found: string[] = [];
  const parsed = files.map(({ path, text }) => ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true));
  // A constant imported from another file is found by its name (the names of such texts are unique).
  const anywhere = new Map<string, ts.StringLiteralLike>();
  for (const sf of parsed) for (const [name, literal] of stringConstants(sf)) anywhere.set(name, literal);
  for (const sf of parsed) {
    const own = stringConstants(sf);
    const report = (node: ts.Node, why: string) => {
      const at = node.getSourceFile();
      const { line } = at.getLineAndCharacterOfPosition(node.getStart(at));
      const entry = `${at.fileName}:${line + 1}: ${why}: ${node.getText(at)}`;
      if (!found.includes(entry)) found.push(entry);
    };
    const check = (helper: string, node: ts.Expression) => {
      if (ts.isParenthesizedExpression(node)) return check(helper, node.expression);
      if (ts.isConditionalExpression(node)) {
        check(helper, node.whenTrue);
        check(helper, node.whenFalse);
        return;
      }
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        if (helper === 'notFound') {
          if (!hasText(`serverErrors.notFound.${node.text}`)) report(node, 'not a serverErrors.notFound.* thing');
        } else if (!serverErrorKeyOf(node.text)) report(node, 'not a serverErrors.* en-US text');
        return;
      }
      if (ts.isIdentifier(node)) {
        const literal = own.get(node.text) ?? anywhere.get(node.text);
        if (literal) check(helper, literal);
        return;
      }
      if (ts.isTemplateExpression(node)) return report(node, 'a template message; use keyedError/keyedInvalid');
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
        return report(node, 'a built message; use keyedError/keyedInvalid');
    };
    const visit = (node: ts.Node) => {
      if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression)) {
        const helper = MESSAGE_ARG[node.expression.text];
        const arg = helper && helper.isNew === ts.isNewExpression(node) ? node.arguments?.[helper.index] : undefined;
        if (arg) check(node.expression.text, arg);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

describe('keyed refusals guard', () => {
  it('finds no English-only refusal in the server sources', () => {
    const files = sourceFiles(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(unkeyedMessages(files)).toEqual([]);
  });

  it('keys the refusal texts kept in constants, and every media rejection', () => {
    for (const text of [ACCOUNT_REMOVED, COMMON_PASSWORD_MESSAGE, EMAIL_CONFLICT_MESSAGE, MESSAGES.board.previousActionPending, MESSAGES.boardInvite.invalid]) {
      expect(serverErrorKeyOf(text), text).toBeDefined();
    }
    for (const key of [...Object.values(IMAGE_REJECTION_KEYS), ...Object.values(VIDEO_REJECTION_KEYS).map((v) => v.key)]) {
      expect(hasText(`serverErrors.${key}`), key).toBe(true);
    }
  });

  it('catches each kind of unkeyed message, and lets keyed ones pass', () => {
    const sample = [
      "throw new AppError('CONFLICT', 'Nothing the catalogue knows.');",
      'throw invalid(`${field}: too long.`);',
      "throw forbidden(cond ? 'You are not allowed to do that.' : 'Also unknown.');",
      "throw notFound('That Pin');",
      "throw new ValidationError('f', 'f: ' + x);",
      "throw notFound('pin');",
      "throw forbidden('You are not allowed to do that.');",
      "throw keyedInvalid('f', 'validation.tooLong', { field: 'f', max: 3 });",
      'throw new AppError(name, message);',
      "const OWN_TEXT = 'Not in the catalogue.';",
      'throw forbidden(OWN_TEXT);',
    ].join('\n');
    const found = unkeyedMessages([{ path: 'x.ts', text: sample }]);
    // The constant is reported where it is written.
    expect(found.map((f) => f.split(':')[1])).toEqual(['1', '2', '3', '4', '5', '10']);
  });
});
