export * from './common';
export * from './users';
export * from './boards';
export * from './pins';
export * from './sections';
export * from './social';
