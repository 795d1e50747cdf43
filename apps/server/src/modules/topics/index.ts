/** The topics module's public face: its service, its policy (what discovery may show), presenters, and the home feed's recommendations. */
export { createTopicsService, recommendations, FEW_FOLLOWS, type TopicsService } from './topics.service';
export * from './topics.policy';
export { presentInterest } from './topics.present';
export type { InterestRow, RecommendedPin } from './topics.repo';
