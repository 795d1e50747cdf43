/**
 * Every numeric error code the API answers with, in one place. The spec's own
 * codes (2171-2173: another action on the same board is still running) keep
 * their meaning; ours are 1xxx.
 */
export const ERROR_CODES = {
  INVALID_INPUT: { code: 1000, httpStatus: 400 },
  MALFORMED_JSON: { code: 1001, httpStatus: 400 },
  LOGIN_REQUIRED: { code: 1010, httpStatus: 401 },
  BAD_CREDENTIALS: { code: 1011, httpStatus: 401 },
  /** The password was right and the account has two-factor sign-in: send `mfa_code` too. */
  MFA_REQUIRED: { code: 1012, httpStatus: 401 },
  FORBIDDEN: { code: 1020, httpStatus: 403 },
  CSRF_FAILED: { code: 1021, httpStatus: 403 },
  NOT_FOUND: { code: 1030, httpStatus: 404 },
  METHOD_NOT_ALLOWED: { code: 1031, httpStatus: 405 },
  CONFLICT: { code: 1040, httpStatus: 409 },
  TOO_LARGE: { code: 1050, httpStatus: 413 },
  UNSUPPORTED_MEDIA: { code: 1051, httpStatus: 415 },
  RATE_LIMITED: { code: 1060, httpStatus: 429 },
  /** An email verification link past its expiry. */
  VERIFICATION_LINK_EXPIRED: { code: 1070, httpStatus: 400 },
  /** An email verification link that was never issued (or not for the account's address). */
  VERIFICATION_LINK_INVALID: { code: 1071, httpStatus: 400 },
  /** The server is at capacity for this kind of work right now: try again after Retry-After. */
  BUSY: { code: 1090, httpStatus: 503 },
  /** This server has no ffmpeg, so it takes no videos. */
  VIDEO_UNAVAILABLE: { code: 1091, httpStatus: 400 },
  INTERNAL: { code: 1099, httpStatus: 500 },
  BOARD_ACTION_RUNNING: { code: 2171, httpStatus: 409 },
  BOARD_ACTION_RUNNING_2: { code: 2172, httpStatus: 409 },
  BOARD_ACTION_RUNNING_3: { code: 2173, httpStatus: 409 },
} as const;

export type ErrorCodeName = keyof typeof ERROR_CODES;
