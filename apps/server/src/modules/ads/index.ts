/** The ads module's public face: its service (with the home feed's delivery) and its policy. */
export type { AdsService } from './ads.service';
