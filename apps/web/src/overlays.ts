/**
 * Dialogs, sheets and popovers that no page shows on its first paint. Each
 * is its own chunk, downloaded the first time it opens (or on hover or focus
 * of what opens it, through preload()); see lib/lazyOverlay.tsx and
 * docs/decisions/017-page-weight-and-compressed-assets.md.
 */
import { lazyOverlay } from './lib/lazyOverlay';

export const LoginPrompt = lazyOverlay(() => import('./components/LoginPrompt/LoginPrompt'), 'LoginPrompt');
export const ConfirmDialog = lazyOverlay(() => import('./components/ConfirmDialog/ConfirmDialog'), 'ConfirmDialog');

export const CreateBoardDialog = lazyOverlay(() => import('./features/boards/components/CreateBoardDialog'), 'CreateBoardDialog');
export const BoardEditDialog = lazyOverlay(() => import('./features/boards/components/BoardEditDialog'), 'BoardEditDialog');
export const SectionEditDialog = lazyOverlay(() => import('./features/boards/components/SectionEditDialog'), 'SectionEditDialog');
export const BoardPickerPopover = lazyOverlay(() => import('./features/picker/components/BoardPickerPopover'), 'BoardPickerPopover');
export const CreateMenuModal = lazyOverlay(() => import('./features/create/CreateMenuModal'), 'CreateMenuModal');
export const PublishCollageDialog = lazyOverlay(() => import('./features/collages/components/PublishCollageDialog'), 'PublishCollageDialog');

export const SendPinModal = lazyOverlay(() => import('./features/pins/components/SendPinModal'), 'SendPinModal');
export const ReportPinDialog = lazyOverlay(() => import('./features/pins/components/ReportPinDialog'), 'ReportPinDialog');
export const ShareProfileModal = lazyOverlay(() => import('./features/social/components/ShareProfileModal'), 'ShareProfileModal');
export const BlockDialog = lazyOverlay(() => import('./features/social/components/BlockDialogs'), 'BlockDialog');
export const UnblockDialog = lazyOverlay(() => import('./features/social/components/BlockDialogs'), 'UnblockDialog');
export const LegalReportModal = lazyOverlay(() => import('./features/social/components/LegalReportModal'), 'LegalReportModal');
export const FollowListModal = lazyOverlay(() => import('./features/social/components/FollowList'), 'FollowListModal');
export const PostFollowUpsell = lazyOverlay(
  () => import('./features/social/components/PostFollowUpsell'),
  'PostFollowUpsell',
  (props) => props.kind !== null,
);
export const OrganizeModal = lazyOverlay(() => import('./features/profile/components/OrganizeModal'), 'OrganizeModal');
export const EmailVerificationModal = lazyOverlay(() => import('./features/email-verification/EmailVerificationModal'), 'EmailVerificationModal');
export const CommentsOffEducationModal = lazyOverlay(
  () => import('./features/comments/components/CommentsOffEducationModal'),
  'CommentsOffEducationModal',
  (props) => props.eligible,
);
export const EditMerchantDetailsModal = lazyOverlay(() => import('./features/partner/components/EditMerchantDetailsModal'), 'EditMerchantDetailsModal');
export const PincodeModal = lazyOverlay(() => import('./features/pincodes/PincodeModal'), 'PincodeModal');
export const PincodeScannerModal = lazyOverlay(() => import('./features/pincodes/PincodeScannerModal'), 'PincodeScannerModal');
