/** The reports module's public face: its service (the comments module files comment reports through it). */
export { createReportsService, type ReportsService } from './reports.service';
