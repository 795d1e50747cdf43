/** The messages module's public face: its live bus, which carries other modules' named channels too (decision 086). */
export type { MessageBus } from './messages.bus';
export { sessionStreams } from './session-streams';
