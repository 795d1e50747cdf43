/** The email-verification module's public face. */
export type { EmailVerificationService } from './email-verification.service';
