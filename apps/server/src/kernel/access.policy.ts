/**
 * Access as a type (decision 080): a row the viewer may see, change, delete
 * or add Pins to carries a brand that only a policy file attaches, after its
 * rule said yes. Repos return plain rows; the service steps that act on
 * content take the branded kind, so acting without asking the policy is a
 * type error rather than a review finding. The brands are phantom: nothing is
 * added to the row at run time.
 *
 * A brand is attached with a cast (`row as Editable<T>`) in a `*.policy.ts`
 * file only: test/architecture/policy-guard.test.ts fails on such a cast
 * anywhere else.
 */
declare const visible: unique symbol;
declare const editable: unique symbol;
declare const deletable: unique symbol;
declare const pinnable: unique symbol;

/** The viewer may see it (boards.policy canSeeBoard, a Pin read through visiblePinSql). */
export type Visible<T> = T & { readonly [visible]: true };
/** The viewer may change it (its owner; a Pin's pinner). */
export type Editable<T> = Visible<T> & { readonly [editable]: true };
/** The viewer may delete it (a Pin: its pinner or its board's owner; a comment: its author or the Pin's owner). */
export type Deletable<T> = Visible<T> & { readonly [deletable]: true };
/** A board the viewer may add Pins to and whose sections they may change (its owner and collaborators). */
export type Pinnable<T> = Visible<T> & { readonly [pinnable]: true };
