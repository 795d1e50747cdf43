import { describe, expect, it } from 'vitest';
import { LOGIN_TOAST_MESSAGES, MESSAGES, isLoginToastMessage, loginToastText } from './messages';

function allTexts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(allTexts);
  return [];
}

describe('MESSAGES', () => {
  it('holds only non-empty, trimmed texts', () => {
    const texts = allTexts(MESSAGES);
    expect(texts.length).toBeGreaterThan(80);
    for (const text of texts) {
      expect(text).not.toBe('');
      expect(text).toBe(text.trim());
    }
  });

  it('keeps the spec texts verbatim', () => {
    expect(MESSAGES.loginToast.permanent_account_closure).toBe("Your account has been deleted. We're sad to see you go");
    expect(MESSAGES.board.nameRequired).toBe("Don't forget to name your board!");
    expect(MESSAGES.board.tooLong).toBe('Please enter no more than {maxLength} characters.');
    expect(MESSAGES.board.namePlaceholder).toBe('Add a title, like \u201CDIY\u201D or \u201CRecipes\u201D');
    expect(MESSAGES.board.keepSecret).toBe('Keep this board secret');
    expect(MESSAGES.board.keepSecretHelp).toBe('So only you and collaborators can see it.');
    expect(MESSAGES.board.created).toBe('Board created!');
    expect(MESSAGES.board.somethingWentWrong).toBe('Uh oh! Something went wrong.');
    expect(MESSAGES.invalidUrl).toBe('Oops! Please enter a valid URL.');
    expect(MESSAGES.disabledPublishing.heading).toBe('Oops...');
    expect(MESSAGES.board.movedTo).toBe('Moved to {boardName}');
    expect(MESSAGES.board.previousActionPending).toBe('Please wait until the previous board action finishes.');
    expect(MESSAGES.board.notFound).toBe("We couldn't find that page.");
    expect(MESSAGES.board.otherBoards).toBe("But here are some of {name}'s other boards!");
    expect(MESSAGES.profile.loading).toBe('Loading user profile');
    expect(MESSAGES.profile.monthlyViewsCapped).toBe('10m+ monthly views');
    expect(MESSAGES.loginPrompt.subheader).toBe("You're almost there! Log in to access all of the product");
  });

  it('has the four create-menu headings', () => {
    expect(Object.values(MESSAGES.createMenu)).toEqual(
      expect.arrayContaining(['Add a Pin or board', 'Add to section', 'Add a Pin or section', 'Add to profile']),
    );
  });

  it('uses straight apostrophes, as the spec does', () => {
    for (const text of allTexts(MESSAGES)) expect(text).not.toMatch(/[\u2018\u2019]/);
  });

  it('has a toast for every login message value', () => {
    for (const message of LOGIN_TOAST_MESSAGES) expect(MESSAGES.loginToast[message]).toBeTypeOf('string');
  });
});

describe('loginToastText', () => {
  it('returns the toast for each known message', () => {
    expect(loginToastText('permanent_account_closure', 'jane')).toBe("Your account has been deleted. We're sad to see you go");
    expect(loginToastText('account_deletion_email_sent', 'jane')).toBe('An email has been sent with final steps to delete your account, jane');
    expect(loginToastText('account_deactivated', 'jane')).toBe('The account, jane, has been deactivated');
    expect(loginToastText('unlink_successful', 'Acme Shop')).toBe("Success! You've unlinked this business account. You are currently in Acme Shop.");
    expect(loginToastText('account_switch_to_settings', 'acme')).toBe("You've switched into and are currently in the account acme");
  });

  it('uses the linked-accounts variants', () => {
    expect(loginToastText('account_deletion_email_sent', 'jane', { linked: true })).toBe(
      'An email has been sent with final steps to delete your account, jane, and the accounts linked to it',
    );
    expect(loginToastText('account_deactivated', 'jane', { linked: true })).toBe('The account, jane, and its associated linked accounts have been deactivated');
  });

  it('ignores the linked flag where there is no variant', () => {
    expect(loginToastText('unlink_successful', 'acme', { linked: true })).toBe(loginToastText('unlink_successful', 'acme'));
    expect(loginToastText('permanent_account_closure', 'x', { linked: true })).toBe("Your account has been deleted. We're sad to see you go");
  });

  it('returns null for unknown or missing messages', () => {
    expect(loginToastText('something_else', 'jane')).toBeNull();
    expect(loginToastText('', 'jane')).toBeNull();
    expect(loginToastText(null, 'jane')).toBeNull();
    expect(loginToastText(undefined, 'jane')).toBeNull();
    expect(loginToastText('toString', 'jane')).toBeNull();
    expect(loginToastText('account_deactivated_linked', 'jane')).toBeNull();
  });

  it('does not re-interpret the name', () => {
    expect(loginToastText('account_deactivated', '{name} $&')).toBe('The account, {name} $&, has been deactivated');
  });
});

describe('isLoginToastMessage', () => {
  it('accepts only the spec values', () => {
    expect(isLoginToastMessage('unlink_successful')).toBe(true);
    expect(isLoginToastMessage('UNLINK_SUCCESSFUL')).toBe(false);
  });
});
