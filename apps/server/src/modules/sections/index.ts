/** The sections module's public face. */
export type { SectionsService } from './sections.service';
