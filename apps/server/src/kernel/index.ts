/**
 * The content kernel (decision 070): the visibility rules of people, boards,
 * blocks and comments that almost every module needs, in one layer below the
 * feature modules. Feature modules import it (here or a policy file); it
 * imports no module, only lib/ and db/. Its policy files make every
 * visibility and block decision (decision 027); people.repo.ts,
 * boards.repo.ts and pins.repo.ts hold the shared reads of a person, a board
 * and a Pin (decision 081).
 */
export * from './blocks.policy';
export * from './boards.policy';
export * from './boards.repo';
export * from './comments.policy';
export * from './people.repo';
export * from './pins.repo';
export * from './users.policy';
export * from './access.policy';
