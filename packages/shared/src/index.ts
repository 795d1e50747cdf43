export * from './text';
export * from './constants';
