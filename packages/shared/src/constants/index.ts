export * from './ideas';
export * from './limits';
export * from './messages';
export * from './reservedPaths';
export * from './badges';
export * from './countries';
export * from './experiences';
export * from './ads';
