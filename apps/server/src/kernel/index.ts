/**
 * The content kernel (decision 070): the visibility rules of people, boards,
 * blocks and comments that almost every module needs, in one layer below the
 * feature modules. Feature modules import it (here or a policy file); it
 * imports no module, only lib/ and db/. Its files are policy files: every
 * visibility and block decision is made in a `*.policy.ts` (decision 027).
 */
export * from './blocks.policy';
export * from './boards.policy';
export * from './comments.policy';
export * from './users.policy';
export * from './access.policy';
