/** The pin-hides module's public face: its service and the condition that leaves hidden Pins out of a feed. */
export { notHiddenSql } from './pin-hides.repo';
