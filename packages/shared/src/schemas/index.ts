export * from './common';
export * from './users';
export * from './boards';
export * from './pins';
export * from './sections';
export * from './social';
export * from './partner';
export * from './pin-filters';
