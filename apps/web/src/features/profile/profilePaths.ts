// Profile paths are read the same way by the first HTML's metadata on the server; the rules live in the shared package.
export * from '@pinboard/shared/constants/profilePaths';
