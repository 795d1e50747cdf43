/** Pincodes (docs/product/profiles-and-boards.md §2, header modal "create pincode"; decision 061): a scannable code of a profile or a board. */
import { z } from 'zod';

const PINCODE_FORMATS = ['svg', 'png'] as const;

export const zPincodeQuery = z.strictObject({
  format: z.enum(PINCODE_FORMATS).default('svg'),
  /** `1`: sent as an attachment, named for the profile or board. */
  download: z.enum(['0', '1']).optional(),
});

/** The addresses of a profile's and a board's Pincode pictures. */
export const pincodePath = {
  profile: (username: string) => `/v3/users/${encodeURIComponent(username)}/pincode/`,
  board: (boardId: string) => `/v3/boards/${boardId}/pincode/`,
};
