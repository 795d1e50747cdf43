import { advertiserUrlKey } from '@pinboard/shared/constants/ads';
import { AdvertiserArea } from './components/AdvertiserArea';
import { RequireSignedIn } from '../session/components/RequireSignedIn';
import { ApiError } from '../../lib/api';
import { TEXTS } from '../../lib/allTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** /advertiser/{advertiserId}/{key…}/: one of the URL keys of docs/product/logged-out-and-business.md §2; any other raises the error page. */
export function AdvertiserPage({ advertiserId, rest }: { advertiserId: string; rest: string }) {
  const segments = rest.split('/').filter(Boolean);
  const urlKey = advertiserUrlKey(segments);
  useDocumentTitle(TEXTS.ads.areaTitle);
  if (!/^\d{1,19}$/.test(advertiserId) || urlKey === null) {
    throw new ApiError({ httpStatus: 404, code: 0, message: TEXTS.ads.unknownKey });
  }
  const path = segments.join('/');
  return <RequireSignedIn heading={TEXTS.ads.areaTitle}>{() => <AdvertiserArea advertiserId={advertiserId} urlKey={path} />}</RequireSignedIn>;
}
