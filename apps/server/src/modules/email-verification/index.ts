/** The email-verification module's public face. */
export { createEmailVerificationService, type EmailVerificationService } from './email-verification.service';
