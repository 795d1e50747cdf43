/** The ads module's public face: its service (with the home feed's delivery) and its policy. */
export { createAdsService, type AdsService } from './ads.service';
export { adAccountRoleOf, canChangeBoardPrivacy, newBoardPrivacyFor, type AdAccountRole } from './ads.policy';
