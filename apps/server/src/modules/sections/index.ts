/** The sections module's public face. */
export { createSectionsService, type SectionsService } from './sections.service';
